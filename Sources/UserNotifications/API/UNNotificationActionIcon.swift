import Foundation

/// An icon shown with a notification action.
///
/// On Linux the icon is kept but not shown: the notification specification's action icons
/// (`action-icons`) replace a button's title with an icon named by the action's key, whereas
/// Apple shows the icon beside the title, so unotify keeps the titles (see
/// `unotify server --explain`).
open class UNNotificationActionIcon: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

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

    /// Icons are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads an icon archived by `encode(with:)`; `nil` when the name is missing.
    public required init?(coder: NSCoder) {
        guard let imageName = coder.decodeString(forKey: "imageName") else { return nil }
        self.imageName = imageName
        self.isSystemImage = coder.decodeBool(forKey: "isSystemImage")
        super.init()
    }

    /// Archives the image's name and kind.
    open func encode(with coder: NSCoder) {
        coder.encode(imageName, forKey: "imageName")
        coder.encode(isSystemImage, forKey: "isSystemImage")
    }

    /// Icons are equal when name and kind are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationActionIcon else { return false }
        return imageName == other.imageName && isSystemImage == other.isSystemImage
    }

    /// A hash of the name.
    open override var hash: Int { imageName.hashValue }
}
