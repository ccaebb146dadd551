import PropertyBased
import Testing
@testable import UserNotifications

/// Model-based property tests of `AuthorizationMachine` with PropertyBased: thousands of random
/// event sequences, each step checked against `EngineAuthorizationReferenceModel`.
///
/// A sequence is a list of random words that `EngineAuthorizationDriver` turns into events with
/// the current state in mind; shrinking a failing list (PropertyBased's default) drops and
/// lowers words, which yields a short failing sequence printed with its last steps.
@Suite("Engine: authorization, model-based")
struct EngineAuthorizationPropertyTests {
    /// Random sequences of up to 120 events each (a word per event).
    static let sequences = Gen<UInt64>.value(in: 0...UInt64.max).array(of: 1...120)

    @Test(
        "the machine agrees with the reference model after every step; spoofs change nothing; every request is answered once"
    )
    func agreesWithModel() async {
        var coverage: [String: Int] = [:]
        var sequencesRun = 0
        await propertyCheck(count: 3000, input: Self.sequences) { words in
            var driver = EngineAuthorizationDriver()
            let problem = driver.run(words)
            #expect(problem == nil, "\(problem ?? "")")
            sequencesRun += 1
            coverage.merge(driver.coverage, uniquingKeysWith: +)
        }
        #expect(sequencesRun >= 3000)  // more when a failure is being shrunk
        // Every resolution of every popup was reached, many times over.
        for key in ["allow", "deny", "prominent", "quiet", "turn-off-all", "cancel"] {
            #expect(coverage["click " + key, default: 0] > 50, "\(key): \(coverage)")
        }
        for key in ["granted", "refused", "prompt", "keep", "turnOff", "close"] {
            #expect(coverage[key, default: 0] > 50, "\(key): \(coverage)")
        }
    }

    @Test("long sequences: 200 runs of 500 to 2000 events", .shrinking(false))
    func longSequences() async {
        await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max).array(of: 500...2000)) { words in
            var driver = EngineAuthorizationDriver()
            let problem = driver.run(words)
            #expect(problem == nil, "\(problem ?? "")")
        }
    }
}
