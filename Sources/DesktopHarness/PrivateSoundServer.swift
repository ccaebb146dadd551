import Glibc

/// A private PulseAudio with a null sink `nullsink` (record it with `parec -d
/// nullsink.monitor`), so that sounds can be checked.
enum PrivateSoundServer {
    static func start(in launch: DesktopLaunch) async throws {
        let socket = "\(launch.socketDirectory)/pulse.sock"
        try launch.write(
            """
            load-module module-null-sink sink_name=nullsink sink_properties=device.description=NullSink
            set-default-sink nullsink
            load-module module-native-protocol-unix auth-anonymous=1 socket=\(socket)

            """, to: "pulse.pa")
        unlink(socket)
        let pid = try launch.spawn(
            [
                "pulseaudio", "-n", "-F", launch.path("pulse.pa"), "--daemonize=no", "--exit-idle-time=-1",
                "--use-pid-file=no", "--log-target=file:\(launch.path("pulse.log"))",
            ],
            name: "pulseaudio", log: "pulse.out",
            overrides: [
                "XDG_RUNTIME_DIR": launch.path("xdg-runtime"), "XDG_CONFIG_HOME": launch.path("config"),
                "HOME": launch.state,
            ])
        let address = "unix:\(socket)"
        try await launch.waitUntil("pulseaudio", process: pid) {
            launch.tool(["pactl", "-s", address, "info"]).succeeded
        }
        launch.pulsePID = pid
        launch.pulseAddress = address
        launch.environment["PULSE_SERVER"] = address
    }
}
