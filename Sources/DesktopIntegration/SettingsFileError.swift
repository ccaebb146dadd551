/// Why a desktop's settings file (``FileDoNotDisturb``) cannot be read, in words.
package struct SettingsFileError: Error, CustomStringConvertible, Sendable {
    package let description: String

    init(_ description: String) { self.description = description }
}
