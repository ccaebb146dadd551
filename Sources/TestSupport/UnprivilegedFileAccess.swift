import Foundation

/// Runs file-system work with an unprivileged user's permissions, also when the tests run as
/// root (as in CI), so a permission check is exercised instead of skipped: root reads anything.
///
/// As root, only the calling thread's file-system user and group ids change (`setfsuid`,
/// `setfsgid`, which also drop the thread's file-system capabilities) for the duration of
/// `body`, which must therefore do its file access synchronously on this thread.
public enum UnprivilegedFileAccess {
    /// `nobody`'s ids on Debian and Ubuntu.
    public static let nobody: UInt32 = 65534

    public static func run<Value>(_ body: () throws -> Value) throws -> Value {
        guard geteuid() == 0 else { return try body() }
        let setfsuid = try function("setfsuid")
        let setfsgid = try function("setfsgid")
        try change(setfsgid, "setfsgid", to: nobody)
        defer { _ = setfsgid(0) }
        try change(setfsuid, "setfsuid", to: nobody)
        defer { _ = setfsuid(0) }
        return try body()
    }

    private typealias IDSetter = @convention(c) (UInt32) -> Int32

    private static func function(_ name: String) throws -> IDSetter {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, name) else {
            throw TestSupportError("\(name) is not in the C library: cannot drop root's file permissions")
        }
        return unsafeBitCast(symbol, to: IDSetter.self)
    }

    /// `setfs*id` always returns the previous id: a second call tells whether the first took.
    private static func change(_ setter: IDSetter, _ name: String, to id: UInt32) throws {
        _ = setter(id)
        guard setter(id) == Int32(bitPattern: id) else {
            throw TestSupportError("\(name)(\(id)) did not take: the tests need CAP_SETUID and CAP_SETGID as root")
        }
    }
}
