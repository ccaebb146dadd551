import DBus

extension NotificationHints {
    /// Puts an image (an absolute path, which becomes a `file://` URI, or a URI or icon name as
    /// given) under the spelling `profile`'s server draws.
    ///
    /// Where the server draws `image-path`, both `image-path` and the deprecated `image_path` are
    /// set (`image_path` alone for servers that read only spec 1.1's name). Where it draws only
    /// `image_path` (``ServerProfile/drawsImagePath`` is false), **only** `image_path` is set:
    /// lxqt-notificationd 1.2 looks at `image-path` first and reads it with its raw-image loader,
    /// which yields no picture and never falls back to `image_path`, so with both spellings it
    /// draws nothing (fixed upstream in lxqt-notificationd PR #381, 2024;
    /// `docs/research/lxqt-images.md`). Where the server reads `image-path` as a file path
    /// (``ServerProfile/readsImagePathAsFilePath``: Cinnamon), a local file goes as its path,
    /// under both spellings (Enlightenment reads `image_path` first).
    public mutating func setImage(_ pathOrURI: String, for profile: ServerProfile) {
        let uri = pathOrURI.hasPrefix("/") ? "file://" + pathOrURI : pathOrURI
        let plainURI = uri.hasPrefix("file:///") && !uri.contains("%")
        let image = profile.readsImagePathAsFilePath && plainURI ? String(uri.dropFirst(7)) : uri
        imagePath = profile.drawsImagePath ? image : nil
        vendor["image_path"] = DBusVariant(image)
    }
}
