// The agent's entry point is written with the agent (issue 3); this target builds meanwhile.
@main
enum UNotifyDaemon {
    static func main() {}
}
