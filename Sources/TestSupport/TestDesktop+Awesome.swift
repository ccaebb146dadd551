import Foundation

/// awesome (`test-desktop up awesome`): its notifications (naughty) are wibox windows with the
/// actions as rows of text ("☛ Label") under the body. `awesome-client` runs Lua inside the
/// window manager: it finds where a row is drawn, and xdotool clicks there. A left click on a
/// row invokes its action; a right click anywhere on the popup dismisses it (reason 2).
extension TestDesktop {
    /// Runs `lua` inside awesome (`awesome-client`) and returns the string it returns.
    public func awesomeEval(_ lua: String) async throws -> String {
        let reply = try await output("awesome-client", [lua])
        guard let open = reply.firstIndex(of: "\""), let close = reply.lastIndex(of: "\""), open < close else {
            throw TestSupportError("awesome-client returned no string: \(reply)")
        }
        return String(reply[reply.index(after: open)..<close])
    }

    /// The screen centre of the row of notification `id` titled `label` ("☛ Label"), or of its
    /// text when `label` is nil; nil while it is not drawn.
    private func awesomeRow(notification id: UInt32, label: String?) async throws -> (x: String, y: String)? {
        let wanted = label.map { "'☛ ' .. [==[\($0)]==]" } ?? "nil"
        let lua = """
            local n = require('naughty').getById(\(id))
            if not n or not n.box or not n.box.visible then return 'none' end
            local b, want, hit = n.box, \(wanted)
            for y = 0, b.height - 1, 2 do
              for x = 0, b.width - 1, 4 do
                for _, w in ipairs(b:find_widgets(x, y)) do
                  local t = w.widget.text
                  if t and ((want == nil and t ~= '' and not t:find('☛')) or t == want) then hit = w end
                end
                if hit then break end
              end
              if hit then break end
            end
            if not hit then return 'none' end
            return math.floor(b.x + hit.x + hit.width / 2) .. ' ' .. math.floor(b.y + hit.y + hit.height / 2)
            """
        let answer = try await awesomeEval(lua)
        let point = answer.split(separator: " ").map(String.init)
        guard point.count == 2, Int(point[0]) != nil, Int(point[1]) != nil else { return nil }
        return (point[0], point[1])
    }

    /// The user clicks the action row titled `label` of notification `id` (left button), or
    /// right-clicks its text (`label` nil), which dismisses it.
    public func awesomeClick(notification id: UInt32, label: String?, timeout: Duration = .seconds(10)) async throws {
        try await Eventually.wait(timeout: timeout, "awesome draws notification \(id)") {
            try await self.awesomeRow(notification: id, label: label) != nil
        }
        guard let point = try await awesomeRow(notification: id, label: label) else {
            throw TestSupportError("notification \(id) left the screen before the click")
        }
        try await output(
            "xdotool",
            ["mousemove", point.x, point.y, "click", label == nil ? "3" : "1", "sleep", "0.05", "mousemove", "0", "0"])
    }

    /// How many notifications awesome shows (naughty's lists, every screen and position).
    public func awesomeNotificationCount() async throws -> Int {
        let lua = """
            local count = 0
            for s in screen do
              for _, list in pairs(require('naughty').notifications[s] or {}) do
                for _, n in ipairs(list) do if n.box and n.box.visible then count = count + 1 end end
              end
            end
            return tostring(count)
            """
        let count = try await awesomeEval(lua)
        guard let number = Int(count) else { throw TestSupportError("awesome counted '\(count)' notifications") }
        return number
    }
}
