// test-push-distributor: the tests' UnifiedPush distributor and Web Push endpoint, as a process.
//
//     test-push-distributor [--name NAME] [--versions 1,2] [--ready-file FILE] [--log FILE]
//                           [--min-urgency very-low|low|normal|high]
//
// No UnifiedPush distributor is packaged for Debian 12, so the tests bring this one
// (TestSupport's FakeDistributor, whose documentation says what it does). On the session bus of
// $DBUS_SESSION_BUS_ADDRESS it owns `org.unifiedpush.Distributor.NAME` (NAME defaults to
// `unotifytest`), serving Distributor2 and, unless --versions leaves it out, Distributor1; its
// calls to the connector are sent without waiting for an answer, as the specification requires.
// HTTP listens on 127.0.0.1 (a free port). When both the name is owned and HTTP listens, the base
// URL is written to --ready-file and printed on stdout. Each D-Bus call sent or received, and
// each POST, is one JSON line in --log. SIGTERM or SIGINT ends it.
import DBus
import Foundation
import TestSupport

/// The command line's options.
struct Options {
    var name = "unotifytest"
    var versions: Set<Int> = [1, 2]
    var readyFile: String?
    var log: String?
    var minimumUrgency = PushUrgency.veryLow

    static let usage = """
        usage: test-push-distributor [--name NAME] [--versions 1,2] [--ready-file FILE] [--log FILE]
                                     [--min-urgency very-low|low|normal|high]
        """

    /// Parses `arguments` (`--option value` or `--option=value`); exits 2 on a bad one.
    static func parse(_ arguments: [String]) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "-h" || argument == "--help" {
                print(usage)
                exit(0)
            }
            let split = argument.split(separator: "=", maxSplits: 1).map(String.init)
            guard let option = split.first, let value = split.count == 2 ? split[1] : rest.popFirst() else {
                fail("\(argument) needs a value")
            }
            switch option {
            case "--name": options.name = value
            case "--ready-file": options.readyFile = value
            case "--log": options.log = value
            case "--min-urgency":
                guard let urgency = PushUrgency(rawValue: value) else {
                    fail("--min-urgency takes very-low, low, normal or high")
                }
                options.minimumUrgency = urgency
            case "--versions":
                let versions = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
                options.versions = Set(versions.compactMap { Int($0) })
                guard !options.versions.isEmpty, options.versions.count == versions.count,
                    options.versions.isSubset(of: [1, 2])
                else { fail("--versions takes 1, 2 or 1,2") }
            default: fail("unknown option \(option)")
            }
        }
        return options
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(usage)\ntest-push-distributor: error: \(message)\n".utf8))
        exit(2)
    }
}

let options = Options.parse(Array(CommandLine.arguments.dropFirst()))
guard let address = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
    Options.fail("DBUS_SESSION_BUS_ADDRESS is not set")
}
let busName: BusName
do {
    busName = try BusName(validating: "org.unifiedpush.Distributor." + options.name)
} catch {
    Options.fail("--name must make a valid bus name")
}

// SIGTERM and SIGINT end it: their default action is replaced by a source that finishes the wait.
// libdispatch arms a signal source on a thread of its own and the signal is ignored until then,
// so the sources are armed (at most 5 s) before the name is taken: a SIGTERM that comes once the
// name is owned is never lost.
let (stopping, stop) = AsyncStream<Int32>.makeStream()
let armed = DispatchGroup()
let signalSources = [SIGTERM, SIGINT].map { number in
    signal(number, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler { stop.yield(number) }
    armed.enter()
    source.setRegistrationHandler { armed.leave() }
    source.resume()
    return source
}
_ = armed.wait(timeout: .now() + .seconds(5))

do {
    let log = options.log.map { URL(fileURLWithPath: $0) }
    let distributor = try await FakeDistributor(
        address: address, name: busName, versions: options.versions, connectorCalls: .fireAndForget,
        pushService: true, minimumUrgency: options.minimumUrgency, log: log)
    guard await distributor.ownsName else {
        throw TestSupportError("\(busName) is already owned on this bus")
    }
    let url = await distributor.baseURL
    if let readyFile = options.readyFile {
        let temporary = URL(fileURLWithPath: readyFile + ".tmp")
        try Data((url + "\n").utf8).write(to: temporary)
        guard rename(temporary.path, readyFile) == 0 else {
            throw TestSupportError("cannot write \(readyFile): \(String(cString: strerror(errno)))")
        }
    }
    try JSONLinesLog(log).write(["direction": .string("ready"), "name": .string(busName.rawValue), "url": .string(url)])
    FileHandle.standardOutput.write(Data((url + "\n").utf8))
    for await _ in stopping { break }
    await distributor.stop()
    withExtendedLifetime(signalSources) {}
} catch {
    FileHandle.standardError.write(Data("test-push-distributor: \(error)\n".utf8))
    exit(1)
}
