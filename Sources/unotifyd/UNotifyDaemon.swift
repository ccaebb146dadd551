import NotificationAgent
import QuietExecutor

#if canImport(Glibc)
    import Glibc
#endif

/// `unotifyd`: the per-user notification agent. Everything it does is `AgentDaemon`'s, in the
/// `NotificationAgent` module.
@main
enum UNotifyDaemon {
    /// On the main actor: a nonisolated `async` function would start on the global executor,
    /// whose first job starts libdispatch's once-a-second monitor before the quiet executor is in.
    @MainActor
    static func main() async {
        // Before anything runs on the global executor: an idle agent must not wake every second.
        IdleQuietGlobalExecutor.install()
        returnLargeBuffersWhenFreed()
        await AgentDaemon.main()
    }

    /// A call of many megabytes (refused at the door, but libdbus reads it whole first) leaves
    /// no memory behind: buffers of 128 KiB and more are mapped on their own and unmapped when
    /// freed, and free memory at the heap's top goes back past 128 KiB. glibc's default raises
    /// the first threshold after each large buffer is freed, so that ten-megabyte calls used to
    /// keep about 200 MB.
    /// (`mallopt` is looked up by name: Glibc's module map leaves `malloc.h` out.)
    private static func returnLargeBuffersWhenFreed() {
        #if canImport(Glibc)
            typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallopt") else { return }
            let mallopt = unsafeBitCast(symbol, to: MallOpt.self)
            let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
            _ = mallopt(mmapThreshold, 128 * 1024)
            _ = mallopt(trimThreshold, 128 * 1024)
        #endif
    }
}
