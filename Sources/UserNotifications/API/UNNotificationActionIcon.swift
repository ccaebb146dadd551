import Foundation

/// An icon shown with a notification action.
///
/// On Linux the image name is sent as the action's icon name where the server shows action
/// icons (`action-icons` capability): a system image name is looked up in the icon theme,
/// so prefer freedesktop icon names (`"mail-reply-sender"`) over SF Symbols names, which have
/// no counterpart.
open class UNNotificationActionIcon: NSObject, @unchecked Sendable {
    /// The image's name.
    package let imageName: String
    /// Whether the name is a system (SF Symbols; icon theme on Linux) image.
    package let isSystemImage: Bool

    package init(imageName: String, isSystemImage: Bool) {
        self.imageName = imageName
        self.isSystemImage = isSystemImage
        super.init()
    }

    /// An icon from an image in the app's bundle (on Linux: an icon name or a file path).
    public convenience init(templateImageName: String) {
        self.init(imageName: templateImageName, isSystemImage: false)
    }

    /// An icon from a system image (on Linux: a name in the icon theme).
    public convenience init(systemImageName: String) {
        self.init(imageName: systemImageName, isSystemImage: true)
    }

    /// Icons are equal when name and kind are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationActionIcon else { return false }
        return imageName == other.imageName && isSystemImage == other.isSystemImage
    }

    /// A hash of the name.
    open override var hash: Int { imageName.hashValue }
}
