/// The three kinds of attachment iOS accepts, with iOS's size limits.
package enum AttachmentKind: String, Hashable, Sendable, CaseIterable {
    case image, audio, movie

    /// The largest file iOS accepts for this kind, in bytes: image 10 MB, audio 5 MB,
    /// movie 50 MB (binary megabytes).
    package var maximumSize: UInt64 {
        switch self {
        case .image: return 10 * 1024 * 1024
        case .audio: return 5 * 1024 * 1024
        case .movie: return 50 * 1024 * 1024
        }
    }
}
