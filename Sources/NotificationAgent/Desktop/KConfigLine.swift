/// One line of a KConfig file: its bytes (without the newline) and what KConfig reads in it.
package struct KConfigLine: Hashable, Sendable {
    /// What a line is.
    package enum Kind: Hashable, Sendable {
        /// Empty, blank or a `#` comment.
        case blank
        /// A group header, `[Applications][org.example.Mail]`: the group's path of names,
        /// unescaped, and whether it ends with `[$i]` (locked).
        case group(path: [String], isImmutable: Bool)
        /// `[$i]` alone: every group after it in the file is locked, and less specific files
        /// cannot be overridden by more specific ones.
        case fileImmutable
        /// An entry of the group above it.
        case entry(KConfigEntry)
    }

    /// The line's bytes in the file, without its `\n`.
    package var range: Range<Int>
    package var kind: Kind
}
