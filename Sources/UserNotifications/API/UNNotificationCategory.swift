import Foundation

/// A type of notification the app sends, with the actions it shows.
///
/// Register categories with `UNUserNotificationCenter.setNotificationCategories(_:)` and set a
/// content's `categoryIdentifier` to use one. Two categories are equal, and hash alike, when
/// their identifiers are: a `Set<UNNotificationCategory>` holds one category per identifier.
///
/// On Linux the actions become the popup's buttons; `.customDismissAction` makes a dismissed
/// popup reach the delegate with `UNNotificationDismissActionIdentifier`. Intent identifiers,
/// the hidden-previews placeholder and the summary format are kept and not shown.
open class UNNotificationCategory: NSObject, NSCopying, NSSecureCoding, @unchecked Sendable {
    /// It is immutable, so a copy is the same object (`NSCopying`, as on Apple platforms).
    open func copy(with zone: NSZone? = nil) -> Any { self }

    /// The identifier that content's `categoryIdentifier` refers to.
    public let identifier: String
    /// The actions, in the order they are shown.
    public let actions: [UNNotificationAction]
    /// SiriKit intent identifiers (kept only on Linux).
    public let intentIdentifiers: [String]
    /// How the category's notifications behave.
    public let options: UNNotificationCategoryOptions
    /// The body shown when previews are hidden (kept only on Linux).
    public let hiddenPreviewsBodyPlaceholder: String
    /// The format of the summary of grouped notifications (kept only on Linux).
    public let categorySummaryFormat: String

    /// Creates a category with every property.
    public init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String?, categorySummaryFormat: String?,
        options: UNNotificationCategoryOptions = []
    ) {
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = intentIdentifiers
        self.options = options
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder ?? ""
        self.categorySummaryFormat = categorySummaryFormat ?? ""
        super.init()
    }

    /// Creates a category.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: nil, categorySummaryFormat: nil, options: options)
    }

    /// Creates a category with a placeholder body for hidden previews.
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String, options: UNNotificationCategoryOptions = []
    ) {
        self.init(
            identifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: nil,
            options: options)
    }

    /// Categories are archived securely: `NSKeyedUnarchiver` may require secure coding.
    open class var supportsSecureCoding: Bool { true }

    /// Reads a category archived by `encode(with:)`; `nil` when the identifier or an action is
    /// missing.
    public required init?(coder: NSCoder) {
        guard let identifier = coder.decodeString(forKey: "identifier"),
            let actions = coder.decodeArray(of: UNNotificationAction.self, forKey: "actions")
        else { return nil }
        self.identifier = identifier
        self.actions = actions
        self.intentIdentifiers = coder.decodeStrings(forKey: "intentIdentifiers") ?? []
        self.options = UNNotificationCategoryOptions(rawValue: coder.decodeUnsigned(forKey: "options"))
        self.hiddenPreviewsBodyPlaceholder = coder.decodeString(forKey: "hiddenPreviewsBodyPlaceholder") ?? ""
        self.categorySummaryFormat = coder.decodeString(forKey: "categorySummaryFormat") ?? ""
        super.init()
    }

    /// Archives every property.
    open func encode(with coder: NSCoder) {
        coder.encode(identifier, forKey: "identifier")
        coder.encode(actions as NSArray, forKey: "actions")
        coder.encode(intentIdentifiers as NSArray, forKey: "intentIdentifiers")
        coder.encodeUnsigned(options.rawValue, forKey: "options")
        coder.encode(hiddenPreviewsBodyPlaceholder, forKey: "hiddenPreviewsBodyPlaceholder")
        coder.encode(categorySummaryFormat, forKey: "categorySummaryFormat")
    }

    /// Categories are equal when their identifiers are.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UNNotificationCategory else { return false }
        return identifier == other.identifier
    }

    /// A hash of the identifier.
    open override var hash: Int { identifier.hashValue }
}
