/// Data goes to stdout, written at once so that a reading script sees each line immediately.
enum StandardOutput {
    static func write(_ line: String) {
        FileDescriptorText.write(line + "\n", to: 1)
    }
}
