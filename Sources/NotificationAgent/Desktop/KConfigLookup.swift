/// What KConfig reads for one key of one group from a cascade of files (the system's
/// `/etc/xdg/…` defaults first, the user's file last), as `KConfigGroup::readEntry`,
/// `hasDefault` and `isEntryImmutable` answer: a later file overrides an earlier one, except
/// what an earlier one locked (`[$i]` on the entry, its group or the whole file, which also
/// stops the files after it from being read); `[$d]` brings back the built-in default; a value
/// for the user's language (`key[de]`, `key[de_DE]`, the country's first) beats the plain one.
package struct KConfigLookup: Hashable, Sendable {
    /// The value read; `nil` when no file sets it (or the last one deleted it): the program's
    /// built-in default counts.
    package var value: [UInt8]?
    /// Whether the user's file cannot change it (an administrator locked it).
    package var isImmutable = false
    /// Whether a system file sets it (then KDE writes the user's choice even when it is the
    /// built-in default, instead of removing the key).
    package var hasDefault = false

    /// One place a value can come from: the plain key, or one translation.
    private struct Slot {
        var value: [UInt8]?
        var isSet = false
        var isImmutable = false
        var byCountry = false
    }

    /// The lookup of `key` in `group` over `defaults` (least specific first), then `user`.
    /// `locale` is the user's (`de_DE`; `C` for none).
    package init(key: String, group: [String], defaults: [KConfigDocument], user: KConfigDocument?, locale: String) {
        let language = locale.split(separator: "_").first.map(String.init) ?? locale
        var plain = Slot()
        var translated = Slot()
        var groupLocked = false
        var files = defaults.map { ($0, true) }
        if let user { files.append((user, false)) }
        for (document, isDefault) in files {
            var headerLocked = false
            var lockedHere = false
            for index in groupLocked ? [] : document.sections[group] ?? [] {
                switch document.lines[index].kind {
                case .group(_, let locked):
                    headerLocked = locked || (document.fileLock.map { $0 < index } ?? false)
                    if headerLocked { lockedHere = true }
                case .entry(let entry):
                    guard entry.key == key else { continue }
                    let value = entry.isDeleted ? nil : entry.value
                    let locked = entry.isImmutable || headerLocked
                    if let tag = entry.locale {
                        let byCountry = tag == locale
                        guard byCountry || tag == language || (tag.hasPrefix("C") && locale == "en_US") else {
                            continue
                        }
                        guard !translated.isImmutable, !(translated.byCountry && !byCountry) else { continue }
                        translated = Slot(value: value, isSet: true, isImmutable: locked, byCountry: byCountry)
                    } else {
                        guard !plain.isImmutable else { continue }
                        plain = Slot(value: value, isSet: true, isImmutable: locked)
                        if isDefault { hasDefault = value != nil }
                    }
                case .blank, .fileImmutable:
                    break
                }
            }
            groupLocked = groupLocked || lockedHere
            if document.fileLock != nil {
                isImmutable = true
                break
            }
        }
        let chosen = translated.isSet ? translated : plain
        value = chosen.value
        isImmutable = isImmutable || groupLocked || chosen.isImmutable
    }
}
