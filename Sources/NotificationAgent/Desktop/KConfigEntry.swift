/// One `key[locale][$options]=value` line of a KConfig file, decoded.
package struct KConfigEntry: Hashable, Sendable {
    /// The key, unescaped, without its locale and options.
    package var key: String
    /// The locale of a translated value (`Name[de]=`); `nil` for the value in every language.
    package var locale: String?
    /// `[$i]`: the administrator locked it; more specific files cannot change it.
    package var isImmutable: Bool
    /// `[$d]`: deleted, so that the default counts, not what a less specific file says.
    package var isDeleted: Bool
    /// The value, unescaped; empty for a deleted entry.
    package var value: [UInt8]
}
