import Foundation

/// One ``StoredDocument`` in its private file: the one persistence layer of the agent's stores.
///
/// - The directory is made mode 0700 and the file is written 0600: private to the user.
/// - `save` replaces the file atomically (a temporary file in the same directory, `fsync`,
///   `rename`): a reader, or the agent after a crash, sees the old document or the new one. A
///   symbolic link is written through to its target (which is made 0600 too), and a file made
///   read-only (`chmod a-w`) is refused (``PrivateFileSystem/writeTarget(of:newMode:)``).
/// - `update` is read-modify-write under an exclusive `flock` on `<name>.lock`: writers, in
///   this process or others, are serialized and lose no update. Reads take no lock.
/// - No file reads as ``StoredDocument/empty``. A corrupt, unreadable or newer file is a
///   ``StoreError`` naming it and saying what to do; the file is left as it is.
/// - Dates and other doubles round-trip exactly; a non-finite one is written as the string
///   `"nan"`, `"inf"` or `"-inf"`.
package struct DocumentFile<Document: StoredDocument>: Sendable {
    /// The store's directory.
    package let directory: URL
    /// Whether the JSON is indented (for files a user may read) or compact (for large ones).
    private let prettyPrinted: Bool

    package init(directory: URL, prettyPrinted: Bool) {
        self.directory = directory
        self.prettyPrinted = prettyPrinted
    }

    /// The prefix of the file's temporary files (`.<name>.tmp-XXXXXX`), so that the leftover of
    /// a crash is recognizable.
    package static var temporaryPrefix: String { ".\(Document.fileName).tmp-" }

    /// The document's file.
    package var url: URL { directory.appendingPathComponent(Document.fileName, isDirectory: false) }

    /// The lock file `update` takes.
    package var lockURL: URL {
        directory.appendingPathComponent(Document.fileName.replacingSuffix(".json", with: ".lock"), isDirectory: false)
    }

    /// The document on disk; ``StoredDocument/empty`` when there is no file.
    package func load() throws(StoreError) -> Document {
        let path = url.path
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFileSystem.read(path)
        } catch {
            throw error.about(Document.kind)
        }
        guard let bytes else { return Document.empty }
        let data = Data(bytes)
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let version: Int?
        do {
            version = try decoder.decode(StoredDocumentVersion.self, from: data).version
        } catch {
            throw corrupt(Self.explain(error))
        }
        guard let version else { throw corrupt("it has no format \"version\"") }
        if version > Document.currentVersion {
            throw StoreError(.futureVersion(version), path: path, kind: Document.kind)
        }
        guard version == Document.currentVersion else { throw corrupt("unknown format version \(version)") }
        let document: Document
        do {
            document = try decoder.decode(Document.self, from: data)
        } catch {
            throw corrupt(Self.explain(error))
        }
        if let problem = document.problem() { throw corrupt(problem) }
        return document
    }

    /// Replaces the file with `document`, atomically; on failure the old file is left as it was.
    package func save(_ document: Document) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = prettyPrinted ? [.prettyPrinted, .sortedKeys] : [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data: Data
        do {
            data = try encoder.encode(document)
        } catch {
            throw StoreError(.unencodable("\(error)"), path: url.path, kind: Document.kind)
        }
        do {
            try PrivateFileSystem.makePrivateDirectory(directory.path)
            let target = try PrivateFileSystem.writeTarget(of: url.path)
            try PrivateFileSystem.writeAtomically(
                Array(data) + [0x0A], to: target.path, in: target.directory,
                temporaryPrefix: Self.temporaryPrefix)
        } catch {
            // The document's file, not the temporary one or the directory: that is what the user knows.
            throw StoreError(error.reason, path: url.path, kind: Document.kind)
        }
    }

    /// Reads the document, lets `body` change it, and saves it if it changed, all under the
    /// exclusive lock; returns what `body` returns. When `body` throws nothing is written.
    package func update<T>(_ body: (inout Document) throws -> T) throws -> T where Document: Equatable {
        do {
            try PrivateFileSystem.makePrivateDirectory(directory.path)
        } catch {
            throw error.about(Document.kind)
        }
        do {
            return try PrivateFileSystem.withExclusiveLock(on: lockURL.path) {
                let stored = try load()
                var document = stored
                let result = try body(&document)
                if document != stored { try save(document) }
                return result
            }
        } catch let error as StoreError where error.kind == nil {
            throw error.about(Document.kind)  // the lock file's
        }
    }

    private func corrupt(_ detail: String) -> StoreError {
        StoreError(.corrupt(detail), path: url.path, kind: Document.kind)
    }

    /// A decoding error as one line: what was wrong, and where (`pending.3.trigger`).
    private static func explain(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "not valid JSON" }
        let (context, what): (DecodingError.Context, String)
        switch decoding {
        case .typeMismatch(_, let c): (context, what) = (c, "wrong type")
        case .valueNotFound(_, let c): (context, what) = (c, "missing value")
        case .keyNotFound(let key, let c): (context, what) = (c, "missing \"\(key.stringValue)\"")
        case .dataCorrupted(let c):
            (context, what) = (c, c.codingPath.isEmpty ? "not valid JSON" : "invalid value: \(c.debugDescription)")
        @unknown default: return "cannot decode"
        }
        let location = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
        return location.isEmpty ? what : "\(what) at \(location)"
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self + replacement
    }
}
