import NotificationAgent

/// `unotifyd`: the per-user notification agent. Everything it does is `AgentDaemon`'s, in the
/// `NotificationAgent` module.
@main
enum UNotifyDaemon {
    static func main() async {
        await AgentDaemon.main()
    }
}
