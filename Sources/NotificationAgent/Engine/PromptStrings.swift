import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The localized text of the popups the agent shows, from `Resources/Localizable/*.strings`.
///
/// The language comes from `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` or `LANG` (in that order):
/// `zh_CN`, `zh_SG` and `zh_Hans` select Simplified Chinese; anything else English.
package struct PromptStrings: Sendable {
    package let language: String

    package init(language: String) {
        self.language = Self.tables[language] == nil ? "en" : language
    }

    /// The strings for the user's locale, from the environment.
    package static func current() -> PromptStrings {
        for name in ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let raw = getenv(name).map({ String(cString: $0) }), !raw.isEmpty, raw != "C", raw != "POSIX" else {
                continue
            }
            let first = raw.split(separator: ":").first.map(String.init) ?? raw
            return PromptStrings(language: languageCode(for: first))
        }
        return PromptStrings(language: "en")
    }

    /// `zh_CN.UTF-8` → `zh-Hans`; `en_GB` → `en`.
    package static func languageCode(for locale: String) -> String {
        let base = locale.split(separator: ".").first.map(String.init) ?? locale
        let lowered = base.lowercased().replacingOccurrences(of: "-", with: "_")
        if lowered.hasPrefix("zh") {
            return lowered.contains("tw") || lowered.contains("hk") || lowered.contains("hant") ? "en" : "zh-Hans"
        }
        return "en"
    }

    /// The text for `key`, with each `%@` replaced by the next argument; English when missing.
    package func text(_ key: String, _ arguments: String...) -> String {
        let template = Self.tables[language]?[key] ?? Self.tables["en"]?[key] ?? key
        var result = ""
        var remaining = arguments[...]
        var rest = Substring(template)
        while let range = rest.range(of: "%@") {
            result += rest[..<range.lowerBound]
            result += remaining.popFirst() ?? ""
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
