import Foundation
import NotificationAgentClient

/// Plays the sounds the notification server does not play: resolves a
/// `DeliveryRequest.Sound` to a file and hands it to `paplay` (pulseaudio-utils, honours
/// `PULSE_SERVER`), detached, so delivery never waits for it.
package struct SoundPlayer: Sendable {
    /// The freedesktop sound theme's name for `UNNotificationSound.default`.
    package static let defaultSoundName = "message-new-instant"
    /// How long one sound may play before the player is stopped.
    package static let playLimit: TimeInterval = 30

    private let environment: [String: String]
    private let player: String

    /// - Parameters:
    ///   - environment: where `XDG_DATA_HOME`, `XDG_DATA_DIRS`, `HOME` and `PATH` come from.
    ///   - player: the player's executable name or path (it is given the file as its only argument).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment, player: String = "paplay") {
        self.environment = environment
        self.player = player
    }

    /// The file a sound resolves to, or nil when none exists.
    ///
    /// `.default` and `.critical(nil, _)` → the theme's `message-new-instant`; a name → the
    /// path when absolute (it must exist), else a sound-theme name, else a file in the app's
    /// `Sounds` folder (`$XDG_DATA_HOME/unotify/apps/APP/Sounds/`).
    package func resolve(_ sound: DeliveryRequest.Sound, app: String) -> String? {
        switch sound {
        case .default, .critical(nil, _):
            return themeFile(Self.defaultSoundName)
        case .named(let name), .critical(let name?, _):
            return resolve(name: name, app: app)
        }
    }

    /// A sound name or path resolved as in `resolve(_:app:)`.
    package func resolve(name: String, app: String) -> String? {
        guard !name.isEmpty else { return nil }
        if name.hasPrefix("/") { return exists(name) ? name : nil }
        if let file = themeFile(name) { return file }
        guard !name.contains("/"), !app.contains("/") else { return nil }
        let appFile = dataHome + "/unotify/apps/" + app + "/Sounds/" + name
        return exists(appFile) ? appFile : nil
    }

    /// `freedesktop/stereo/NAME.{oga,ogg,wav}` under each `sounds` data directory, user's first.
    package func themeFile(_ name: String) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        for directory in soundDirectories {
            for ext in ["oga", "ogg", "wav"] {
                let file = directory + "/freedesktop/stereo/" + name + "." + ext
                if exists(file) { return file }
            }
        }
        return nil
    }

    /// Plays a sound without waiting for it; a missing file or player is logged to stderr.
    ///
    /// - Returns: the file being played, or nil when nothing plays.
    @discardableResult
    package func play(_ sound: DeliveryRequest.Sound, app: String) -> String? {
        guard let file = resolve(sound, app: app) else {
            log("no sound file for \(sound) of \(app)")
            return nil
        }
        var arguments = [file]
        if case .critical(_, let volume) = sound {
            let level = Int((min(max(volume, 0), 1) * 65536).rounded())
            arguments.insert("--volume=\(level)", at: 0)
        }
        guard let executable = executablePath(player) else {
            log("cannot play \(file): \(player) is not installed (pulseaudio-utils)")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            log("cannot play \(file) with \(executable): \(error)")
            return nil
        }
        let limit = Self.playLimit
        let box = ProcessBox(process)
        Task.detached {
            // Bounded: a player that hangs (no sound server) is stopped; the child is reaped.
            let deadline = Date().addingTimeInterval(limit)
            while box.process.isRunning && Date() < deadline {
                // try?: cancelled only with the process; the loop is bounded by its deadline
                try? await Task.sleep(nanoseconds: 100_000_000)
            }
            if box.process.isRunning { box.process.terminate() }
        }
        return file
    }

    private var dataHome: String {
        if let home = environment["XDG_DATA_HOME"], home.hasPrefix("/") { return home }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
    }

    private var soundDirectories: [String] {
        let dirs = (environment["XDG_DATA_DIRS"] ?? "").split(separator: ":").map(String.init).filter {
            $0.hasPrefix("/")
        }
        let system = dirs.isEmpty ? ["/usr/local/share", "/usr/share"] : dirs
        var result: [String] = []
        for directory in [dataHome] + system + ["/usr/share"] where !result.contains(directory + "/sounds") {
            result.append(directory + "/sounds")
        }
        return result
    }

    private func executablePath(_ name: String) -> String? {
        if name.hasPrefix("/") { return FileManager.default.isExecutableFile(atPath: name) ? name : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Whether `path` is a regular file (a FIFO or device would block or never end the player).
    private func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    private func log(_ message: String) {
        FileHandle.standardError.write(Data("unotifyd: sound: \(message)\n".utf8))
    }
}
