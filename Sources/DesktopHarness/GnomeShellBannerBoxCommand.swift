import Foundation

/// `test-desktop gnome-shell-banner-box [--expand]`: the geometry (`WxH+X+Y`, for ImageMagick's
/// `-crop`) of the banner GNOME Shell shows now, with a 12-pixel margin, once it has slid into
/// place; fails if none is shown. `--expand` first expands the banner as a hovering pointer
/// does (GNOME shows a banner's buttons only then, or at once for a critical one), so the box
/// comes on a later call. Asks the shell itself (org.gnome.Shell.Eval, through `gdbus`: the
/// test desktop's GNOME Shell runs in its unsafe mode), on GNOME 43, 48 and 51.
public enum GnomeShellBannerBoxCommand {
    public static func run(_ arguments: [String], environment: [String: String]) throws {
        let expand = arguments.first == "--expand"
        // State.SHOWN is 2 (GNOME 48 and 51 have no imports.ui: ES modules).
        let script = """
            (() => { const t = Main.messageTray, b = t._banner;
                if (!b || t._notificationState !== 2) return "";
                if (\(expand) && !b.expanded) { t._expandBanner(false); return ""; }
                const [x, y] = b.get_transformed_position(), [w, h] = b.get_transformed_size(), m = 12;
                return `${Math.ceil(w) + 2 * m}x${Math.ceil(h) + 2 * m}+${Math.max(0, Math.floor(x) - m)}+${Math.max(0, Math.floor(y) - m)}`; })()
            """
        let run = ToolRun.run(
            [
                "gdbus", "call", "--session", "--timeout", "5", "--dest", "org.gnome.Shell", "--object-path",
                "/org/gnome/Shell", "--method", "org.gnome.Shell.Eval", script,
            ], environment: environment, timeout: .seconds(20), keepingErrors: true)
        guard run.succeeded else {
            throw HarnessError(
                "gnome-shell-banner-box: gdbus failed (\(run.status)): "
                    + run.errors.trimmingCharacters(in: .whitespacesAndNewlines), status: run.status)
        }
        var reply = run.output
        while reply.hasSuffix("\n") { reply.removeLast() }
        guard let box = bannerBox(inReply: reply) else {
            throw HarnessError("gnome-shell-banner-box: no banner in place (\(reply))")
        }
        print(box)
    }

    /// The `WxH+X+Y` in gdbus's reply `(true, '"WxH+X+Y"')`; nil for any other reply.
    static func bannerBox(inReply reply: String) -> String? {
        for line in reply.split(separator: "\n", omittingEmptySubsequences: false) {
            let prefix = "(true, '\"", suffix = "\"')"
            guard line.hasPrefix(prefix), line.hasSuffix(suffix), line.count > prefix.count + suffix.count else {
                continue
            }
            let box = String(line.dropFirst(prefix.count).dropLast(suffix.count))
            let digitsOnly = box.allSatisfy { ("0"..."9").contains($0) || $0 == "x" || $0 == "+" }
            if digitsOnly, ScreenBox(geometry: box) != nil { return box }
        }
        return nil
    }
}
