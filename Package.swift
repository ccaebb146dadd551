// swift-tools-version:6.0
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

/// `UNOTIFY_FAST_START=DIR` is how `scripts/install` builds the release binaries, for a CLI that
/// starts fast (docs/PERFORMANCE.md): libdbus and libstdc++ are linked statically (loading
/// libdbus-1.so pulls in libsystemd and six more libraries; libstdc++.so is the Swift runtime's
/// largest load), and `unotify` is linked as a position-dependent executable (a PIE has about
/// 40 000 relocations to apply, one copied page after another, at every start).
/// `scripts/fast-start-env DIR` fills DIR (the pkg-config file for a static libdbus, and a
/// folder where the linker finds libstdc++.a first) and prints the environment to build with.
let fastStartDirectory = Context.environment["UNOTIFY_FAST_START"]
let fastStart = fastStartDirectory != nil
/// Where the linker looks first for a fast start's static libraries.
let fastStartLinking: [LinkerSetting] = fastStartDirectory.map { [.unsafeFlags(["-L\($0)/lib"])] } ?? []

let package = Package(
    name: "unotify",
    products: [
        .library(name: "DBus", targets: ["DBus"]),
        .library(name: "FreedesktopNotifications", targets: ["FreedesktopNotifications"]),
        .library(name: "UserNotifications", targets: ["UserNotifications"]),
        .executable(name: "unotifyd", targets: ["unotifyd"]),
        .executable(name: "unotify", targets: ["unotify"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The tests' push service (TestSupport's FakeDistributor): HTTP on loopback.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // The agent's store: SQLite (the system's libsqlite3) in WAL mode, shared by every
        // process that hosts the agent.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CDBus",
            pkgConfig: fastStart ? "unotify-libdbus-static" : "dbus-1",
            providers: [.apt(["libdbus-1-dev"])]
        ),
        // Linux's epoll, for the DBus module's watch thread (Swift's Glibc module leaves it out).
        .systemLibrary(name: "CEpoll"),
        // GIO (GSettings, GDesktopAppInfo): the desktop's own settings and desktop entries, for the
        // agent; declared in CGio.h (GLib's pkg-config flags carry -pthread, which SwiftPM refuses).
        .target(
            name: "CGio",
            linkerSettings: [.linkedLibrary("gio-2.0"), .linkedLibrary("gobject-2.0"), .linkedLibrary("glib-2.0")]
        ),
        // Only linked with a static libdbus: libsystemd's two socket-activation calls, never made by a client.
        .target(name: "CLibdbusStaticSupport"),
        // The Swift runtime's global-executor hooks, by link-time reference (found by dlsym only
        // when the runtime is a shared library).
        .target(name: "CConcurrencyHooks"),
        // glibc's posix_spawn_file_actions_addclosefrom_np, which Swift's Glibc module leaves out:
        // a child started by the project inherits no descriptor it was not given.
        .target(name: "CSpawn"),
        .target(
            name: "DBus",
            dependencies: ["CDBus", "CEpoll"] + (fastStart ? ["CLibdbusStaticSupport"] : []),
            swiftSettings: strictSettings
        ),
        .target(name: "FreedesktopNotifications", dependencies: ["DBus"], swiftSettings: strictSettings),
        // What desktops keep beside the specification (do-not-disturb switches, xfconf, KConfig's
        // and the launcher's signals), over D-Bus only, so that the CLI reads it without GIO.
        .target(
            name: "DesktopIntegration", dependencies: ["FreedesktopNotifications", "DBus"],
            swiftSettings: strictSettings),
        .target(
            name: "NotificationAgentClient",
            dependencies: ["FreedesktopNotifications", "DBus", "CSpawn"],
            swiftSettings: strictSettings
        ),
        // `unotify capture`: a private session bus with a recording, answering notification
        // server, the agent and a command on it (no Foundation: the CLI links it).
        .target(
            name: "NotificationCapture",
            dependencies: ["NotificationAgentClient", "FreedesktopNotifications", "DBus", "CSpawn"],
            swiftSettings: strictSettings
        ),
        // The binaries' global executor (Swift 6.3's executor API): not in the library's
        // closure, so that apps build with older toolchains.
        .target(name: "QuietExecutor", dependencies: ["CConcurrencyHooks"], swiftSettings: strictSettings),
        // What the Apple surface and the agent both compute, without Apple's types: trigger
        // dates, exact JSON, format strings.
        .target(
            name: "UserNotificationsCore",
            dependencies: ["NotificationAgentClient"],
            swiftSettings: strictSettings
        ),
        // Apple's API; it links the agent's engine too, which it runs in the app's own process
        // when no unotifyd can be reached or started (InProcessAgent).
        .target(
            name: "UserNotifications",
            dependencies: [
                "NotificationAgent", "UserNotificationsCore", "NotificationAgentClient", "FreedesktopNotifications",
                "DBus",
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "NotificationAgent",
            dependencies: [
                "UserNotificationsCore", "NotificationAgentClient", "FreedesktopNotifications", "DesktopIntegration",
                "DBus",
                "CGio",
                "CSpawn",
                .product(name: "HeapModule", package: "swift-collections"),
                .product(name: "DequeModule", package: "swift-collections"),
                // Web Push decryption (RFC 8291): P-256 key agreement, HKDF, AES-128-GCM.
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "unotifyd",
            dependencies: ["NotificationAgent", "QuietExecutor"],
            swiftSettings: strictSettings,
            linkerSettings: fastStartLinking
        ),
        .executableTarget(
            name: "unotify",
            dependencies: [
                "DBus",
                "NotificationAgentClient",
                "FreedesktopNotifications",
                "DesktopIntegration",
                "NotificationCapture",
                "QuietExecutor",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings,
            linkerSettings: fastStartLinking + (fastStart ? [.unsafeFlags(["-Xclang-linker", "-no-pie"])] : [])
        ),
        .executableTarget(
            name: "schedule-scale-benchmark",
            dependencies: ["NotificationAgent", "UserNotifications"],
            path: "benchmarks/Sources/schedule-scale-benchmark",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "throughput-benchmark",
            dependencies: ["NotificationAgent", "UserNotifications", "FreedesktopNotifications"],
            path: "benchmarks/Sources/throughput-benchmark",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "push-latency-benchmark",
            dependencies: ["NotificationAgent", "NotificationAgentClient", "DBus", "TestSupport"],
            path: "benchmarks/Sources/push-latency-benchmark",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "store-scale-benchmark",
            dependencies: [
                "NotificationAgent", "NotificationAgentClient", "UserNotificationsCore", "DBus", "TestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "benchmarks/Sources/store-scale-benchmark",
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "schedule-lateness-benchmark",
            dependencies: [
                "NotificationAgent", "UserNotifications", "FreedesktopNotifications", "DBus", "TestSupport",
            ],
            path: "benchmarks/Sources/schedule-lateness-benchmark",
            swiftSettings: strictSettings
        ),
        // Private headless desktops (bus, Xvfb, a real server) for tests, the demo, screenshots and
        // benchmarks: a library and its front end, `test-desktop`; neither is installed.
        .target(name: "DesktopHarness", dependencies: ["DBus", "CSpawn"], swiftSettings: strictSettings),
        .executableTarget(name: "test-desktop", dependencies: ["DesktopHarness"], swiftSettings: strictSettings),
        // Test support (private buses, fake and real servers, the UnifiedPush distributor, child
        // processes): a target, no product. FlyingFox serves the distributor's push resource,
        // Crypto checks its VAPID signatures.
        .target(
            name: "TestSupport",
            dependencies: [
                "DBus", "FreedesktopNotifications", "CSpawn", .product(name: "FlyingFox", package: "FlyingFox"),
                .product(name: "Crypto", package: "swift-crypto"),
                // The agent's store, read and changed by tests as a crash or another process would.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings),
        // The tests' UnifiedPush distributor as a process (TestSupport's FakeDistributor), for
        // the end-to-end push tests; not installed.
        .executableTarget(
            name: "test-push-distributor", dependencies: ["TestSupport", "DBus"], swiftSettings: strictSettings),
        .testTarget(name: "DBusTests", dependencies: ["DBus", "TestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "DesktopHarnessTests", dependencies: ["DesktopHarness"], swiftSettings: strictSettings),
        .testTarget(
            name: "FreedesktopNotificationsTests",
            dependencies: ["FreedesktopNotifications", "DBus", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "DesktopIntegrationTests",
            dependencies: ["DesktopIntegration", "FreedesktopNotifications", "DBus", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NotificationAgentClientTests",
            dependencies: ["NotificationAgentClient", "DBus", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "UserNotificationsTests",
            dependencies: ["UserNotifications", "FreedesktopNotifications", "DBus", "TestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "NotificationAgentTests",
            dependencies: [
                "NotificationAgent", "UserNotifications", "NotificationAgentClient", "FreedesktopNotifications", "DBus",
                "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "SeedListingsTests",
            dependencies: ["UserNotifications"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CLITests",
            dependencies: [
                "unotify", "NotificationAgentClient", "NotificationCapture", "FreedesktopNotifications", "DBus",
                "TestSupport",
            ],
            exclude: ["Payloads", "NotifySendCorpus"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["unotify", "FreedesktopNotifications", "DBus", "TestSupport"],
            swiftSettings: strictSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The fuzz targets (fuzz/Sources, run by scripts/fuzz): declared only when UNOTIFY_FUZZ=1,
// because they have no `main` (libFuzzer's) and so link only with `--sanitize=fuzzer`.
if Context.environment["UNOTIFY_FUZZ"] == "1" {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-apns-payload", ["NotificationAgent", "NotificationAgentClient"]),
        ("fuzz-strings-table", ["NotificationAgent"]),
        ("fuzz-hint-argument", ["FreedesktopNotifications", "DBus"]),
        ("fuzz-categories-json", ["NotificationAgentClient"]),
        ("fuzz-settings-file", ["NotificationAgent"]),
        ("fuzz-pending-file", ["NotificationAgent"]),
        ("fuzz-categories-file", ["NotificationAgent"]),
        ("fuzz-plasma-settings", ["NotificationAgent", "NotificationAgentClient"]),
        ("fuzz-desktop-entry", ["NotificationAgent"]),
        ("fuzz-responses-file", ["NotificationAgent"]),
        ("fuzz-dbus-message", ["DBus", "FreedesktopNotifications"]),
        ("fuzz-agent-arguments", ["DBus", "NotificationAgentClient", "UserNotifications", "NotificationAgent"]),
        (
            "fuzz-seeds",
            ["DBus", "FreedesktopNotifications", "NotificationAgentClient", "UserNotifications", "NotificationAgent"]
        ),
    ]
    package.targets += [
        .target(name: "FuzzSupport", path: "fuzz/Sources/FuzzSupport", swiftSettings: strictSettings)
    ]
    package.targets += fuzzTargets.map {
        .executableTarget(
            name: $0.name, dependencies: ["FuzzSupport"] + $0.dependencies, path: "fuzz/Sources/\($0.name)",
            swiftSettings: strictSettings)
    }
}

// Code written for Apple platforms, compiled unchanged against this package: app-style files
// that import only UserNotifications, in the Swift 5 language mode most published app code uses.
package.targets += [
    .testTarget(
        name: "AppleCodeCompatibilityTests",
        dependencies: ["UserNotifications"],
        swiftSettings: [.swiftLanguageMode(.v5)]
    )
]

// Examples/: a reminders app written against Apple's API, built with the package (so CI builds it).
package.targets += [
    .executableTarget(
        name: "reminders",
        dependencies: ["UserNotifications"],
        path: "Examples/Reminders",
        swiftSettings: strictSettings
    )
]

// Tests/Fixtures/: apps the tests run as processes, written as app authors write them.
package.targets += [
    // Top-level code that calls the completion-handler forms and ends (CompletionHandlerExitTests).
    .executableTarget(
        name: "completion-handlers-at-exit",
        dependencies: ["UserNotifications"],
        path: "Tests/Fixtures/completion-handlers-at-exit",
        swiftSettings: strictSettings
    ),
    // An app shipped alone: ask, show with a category action, answer to the delegate
    // (InProcessAgentTests, scripts/test-alone).
    .executableTarget(
        name: "tea-alone",
        dependencies: ["UserNotifications"],
        path: "Tests/Fixtures/tea-alone",
        swiftSettings: strictSettings
    ),
]

// The DocC plugin (`swift package generate-documentation`), only when building the
// documentation (scripts/docs sets UNOTIFY_DOCS=1), so no other build resolves or fetches it.
if Context.environment["UNOTIFY_DOCS"] == "1" {
    package.dependencies += [
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0")
    ]
}
