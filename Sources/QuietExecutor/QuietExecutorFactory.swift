@_spi(ExperimentalCustomExecutors) import _Concurrency

/// The platform's main executor and ``QuietTaskExecutor`` as the default one: what
/// ``IdleQuietGlobalExecutor`` installs for the Swift side of the runtime (`Task.yield()`,
/// `Task.sleep`, which reach the default executor without the runtime's hooks).
struct QuietExecutorFactory: ExecutorFactory {
    static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
    static var defaultExecutor: any TaskExecutor { QuietTaskExecutor.shared }
}
