#if canImport(Glibc)
    import Glibc
#endif

/// `timerfd_create` and `timerfd_settime`, which the Glibc module does not import
/// (`sys/timerfd.h` is not in it), looked up in the C library.
struct TimerDescriptorCalls {
    typealias Create = @convention(c) (Int32, Int32) -> Int32
    typealias SetTime =
        @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) -> Int32

    /// `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET` (the kernel's values, 1 and 2).
    static let absoluteCancelledOnSet: Int32 = 1 | 2

    let create: Create
    let setTime: SetTime

    /// The two functions; `nil` when the C library has no timerfd (not Linux).
    static func load() -> TimerDescriptorCalls? {
        guard let library = dlopen(nil, RTLD_NOW), let create = dlsym(library, "timerfd_create"),
            let setTime = dlsym(library, "timerfd_settime")
        else { return nil }
        return TimerDescriptorCalls(
            create: unsafeBitCast(create, to: Create.self), setTime: unsafeBitCast(setTime, to: SetTime.self))
    }
}
