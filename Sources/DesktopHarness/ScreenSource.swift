import Foundation

/// Where a screenshot reader's pixels and a window's place come from: screenshots (`import`,
/// `grim`) and `xdotool` on the desktop of `environment`, or, as a test aid, a saved image
/// (`--image FILE`, a PPM or PAM) and a given window geometry (`--geometry WxH+X+Y`).
struct ScreenSource: Sendable {
    let environment: [String: String]
    let imagePath: String?
    let geometry: ScreenBox?

    /// How a screenshot tool prints its image.
    enum Format {
        case ppm
        case pam
    }

    /// What a screenshot gave: the image, if it printed one, and the tool's run (its status
    /// and errors).
    struct Shot {
        let image: ScreenImage?
        let run: ToolRun
    }

    /// Takes `--image FILE` and `--geometry WxH+X+Y` out of `arguments`.
    init(taking arguments: inout [String], environment: [String: String], command: String) throws {
        self.environment = environment
        var imagePath: String?
        var geometry: ScreenBox?
        while let at = arguments.firstIndex(where: { $0 == "--image" || $0 == "--geometry" }) {
            guard at + 1 < arguments.count else { throw HarnessError("\(command): \(arguments[at]) takes a value") }
            if arguments[at] == "--image" {
                imagePath = arguments[at + 1]
            } else {
                guard let box = ScreenBox(geometry: arguments[at + 1]) else {
                    throw HarnessError("\(command): --geometry takes WIDTHxHEIGHT+X+Y")
                }
                geometry = box
            }
            arguments.removeSubrange(at...(at + 1))
        }
        self.imagePath = imagePath
        self.geometry = geometry
    }

    /// Whether the pixels come from a file (no screenshot tool is needed).
    var fromFile: Bool { imagePath != nil }

    /// The image `command` prints (`import ... ppm:-`, `grim -t ppm -`), or the saved one.
    func screenshot(_ command: [String], format: Format) throws -> Shot {
        if let imagePath {
            return Shot(image: try ScreenImage.file(imagePath), run: ToolRun(status: 0, data: Data(), errors: ""))
        }
        let run = ToolRun.run(command, environment: environment, timeout: .seconds(20), keepingErrors: true)
        switch format {
        case .ppm: return Shot(image: ScreenImage.ppm(run.data), run: run)
        // try?: an unreadable image is reported as no image, with the tool's status and errors
        case .pam: return Shot(image: try? ScreenImage.pam(run.data), run: run)
        }
    }

    /// The Wayland desktop's output, from `grim` (or the saved image); `command` names the
    /// reader in the errors: grim's failure, or no image printed.
    func waylandScreenshot(command: String) throws -> ScreenImage {
        let shot = try screenshot(["grim", "-t", "ppm", "-"], format: .ppm)
        guard shot.run.succeeded else {
            throw HarnessError("\(command): grim failed (\(shot.run.status)): \(shot.run.errors)")
        }
        guard let image = shot.image else { throw HarnessError("\(command): grim printed no PPM image") }
        return image
    }

    /// Where window `id` is on screen (`xdotool getwindowgeometry --shell`), or the given geometry.
    func place(of id: String, command: String) throws -> ScreenBox {
        if let geometry { return geometry }
        let run = ToolRun.run(
            ["xdotool", "getwindowgeometry", "--shell", id], environment: environment, timeout: .seconds(20),
            keepingErrors: true)
        guard run.succeeded, let box = ScreenBox(xdotoolShell: run.output) else {
            throw HarnessError(
                "\(command): xdotool getwindowgeometry \(id) failed (\(run.status)): "
                    + run.errors.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return box
    }

    /// Fails (status 2) unless `tools` are installed and `variable` (DISPLAY, WAYLAND_DISPLAY)
    /// is set; a saved image needs neither.
    func require(_ variable: String, tools: [(name: String, package: String)], command: String) throws {
        guard !fromFile else { return }
        guard let value = environment[variable], !value.isEmpty else {
            throw HarnessError("\(command): \(variable) is not set (source the desktop's env file)", status: 2)
        }
        for tool in tools {
            // try?: a tool not found is reported by name, with its package
            guard (try? DetachedSpawn.resolve(tool.name, path: environment["PATH"] ?? "/usr/bin:/bin")) != nil else {
                throw HarnessError(
                    "\(command): '\(tool.name)' not found (apt-get install \(tool.package))", status: 2)
            }
        }
    }
}
