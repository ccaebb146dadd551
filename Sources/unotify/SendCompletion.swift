/// Shell completion for `unotify send`, whose options ``SendOptions`` parses with notify-send's
/// rules rather than ArgumentParser: the bash, zsh and fish scripts that
/// `unotify --generate-completion-script` prints call `unotify` back with the words typed so
/// far, and these candidates come from the same option table the parser uses.
enum SendCompletion {
    /// The values an option's argument can take, where the set is closed.
    private static let values: [String: [String]] = [
        "urgency": ["low", "normal", "critical"],
        "repeat": ["daily", "weekly", "monthly", "yearly"],
        "sound": ["default"],
    ]

    /// The options whose argument is (or may be) a file.
    private static let fileValued: Set<String> = ["image", "icon", "sound"]

    /// The candidates for the word at `index` of `words` (the whole command line), which
    /// starts with `prefix`.
    static func candidates(words: [String], index: Int, prefix: String) -> [String] {
        if index > 0, index - 1 < words.count, let option = option(named: words[index - 1]), option.valueName != nil {
            return values(of: option.long, prefix: prefix)
        }
        // bash splits `--urgency=c` at the `=` (COMP_WORDBREAKS): the value follows a word "=".
        if index > 1, index - 1 < words.count, words[index - 1] == "=", words[index - 2].hasPrefix("--"),
            let option = option(named: words[index - 2]), option.valueName != nil
        {
            return values(of: option.long, prefix: prefix)
        }
        if prefix.hasPrefix("--"), let equals = prefix.firstIndex(of: "=") {
            let name = String(prefix[prefix.index(prefix.startIndex, offsetBy: 2)..<equals])
            let value = String(prefix[prefix.index(after: equals)...])
            return values(of: name, prefix: value).map { "--\(name)=\($0)" }
        }
        guard prefix.hasPrefix("-") else { return [] }
        let long = SendOptions.table.map { "--\($0.long)" }
        let short = SendOptions.table.compactMap { $0.short }.filter { $0 != "?" }.map { "-\($0)" }
        return (prefix.hasPrefix("--") ? long : short + long).filter { $0.hasPrefix(prefix) }
    }

    /// The values of the option named `long` that start with `prefix`: its closed set, then the
    /// files for an option that takes a file.
    private static func values(of long: String, prefix: String) -> [String] {
        let words = (values[long] ?? []).filter { $0.hasPrefix(prefix) }
        return fileValued.contains(long) ? words + PathCompletion.candidates(prefix: prefix) : words
    }

    /// The option `word` names when it is a whole option that takes its value in the next word.
    private static func option(named word: String) -> SendOptions.Option? {
        if word.hasPrefix("--") {
            return SendOptions.table.first { "--\($0.long)" == word }
        }
        guard word.count == 2, word.hasPrefix("-"), let letter = word.last else { return nil }
        return SendOptions.table.first { $0.short == letter }
    }
}
