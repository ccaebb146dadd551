/// The name under which GNOME keeps an app's notification settings: GNOME Shell's
/// `_canonicalizeId` (js/ui/messageTray.js) of the app's desktop-entry id without `.desktop`:
/// lowercased, every character outside `a-z`, `0-9` and `-` made `-`, and a run of dashes made
/// one (`org.example.Tea` → `org-example-tea`). GNOME Settings makes it without the last step,
/// so only an id with two such characters in a row is named differently there.
///
/// An id with no ASCII letter or digit (日本, 中文, `_`, `...`) would be `-` for every such app,
/// one switch for all of them: GNOME has no name for it, and the app keeps to the agent's own
/// store. Two apps can still meet under one name (`org.probe.Tea` and `org.probe.TEA`):
/// `AgentAuthorizations` lets such a shared switch deny, never authorize.
package enum GnomeApplicationID {
    /// The id for `desktopID` (with or without `.desktop`); `nil` when no ASCII letter or digit is
    /// left of it.
    package static func canonical(_ desktopID: String) -> String? {
        let bare = desktopID.hasSuffix(".desktop") ? String(desktopID.dropLast(8)) : desktopID
        var id = ""
        var dash = false
        // Lowercased as JavaScript's toLowerCase does (Unicode's full mapping: "K" (U+212A) is
        // "k"), then one dash for each run of anything else.
        for scalar in bare.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                id.unicodeScalars.append(scalar)
                dash = false
            } else if !dash {
                id += "-"
                dash = true
            }
        }
        return id.contains(where: { $0 != "-" }) ? id : nil
    }

    /// The relocatable schema's path for `id`: `/org/gnome/desktop/notifications/application/ID/`;
    /// `nil` unless `id` is one ``canonical(_:)`` makes (GSettings aborts on a bad path).
    package static func path(for id: String) -> String? {
        guard !id.isEmpty, id.utf8.count <= 1024,
            id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
        else { return nil }
        return "/org/gnome/desktop/notifications/application/\(id)/"
    }
}
