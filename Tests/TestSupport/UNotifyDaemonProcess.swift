import Foundation

/// The built `unotifyd` binary.
public enum UNotifyDaemonProcess {
    public static var path: String {
        PackageRoot.binaryDirectory.appendingPathComponent("unotifyd").path
    }
}
