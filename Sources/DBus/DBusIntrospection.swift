/// Introspection data (the XML of `org.freedesktop.DBus.Introspectable.Introspect`) for an
/// object that implements `interfaces`, documented with XML comments.
///
/// The standard interfaces come first: `Introspectable` (answered by
/// ``DBusConnection/export(path:interfaces:refused:handler:)``) and `Peer` (answered by libdbus itself
/// on every connection).
public enum DBusIntrospection {
    /// The XML document for an object at `path` (nil: a document about the interfaces alone,
    /// as kept in a repository's `dbus/` folder), listing the names of its `children` nodes.
    public static func xml(
        path: ObjectPath? = nil, interfaces: [DBusInterfaceDescription],
        includingStandardInterfaces: Bool = true, children: [String] = []
    ) -> String {
        var lines = [
            #"<!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN""#,
            #" "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">"#,
        ]
        lines.append(path.map { #"<node name="\#(attribute($0.rawValue))">"# } ?? "<node>")
        if includingStandardInterfaces {
            lines += [
                #"  <interface name="org.freedesktop.DBus.Introspectable">"#,
                #"    <method name="Introspect">"#,
                #"      <arg name="xml_data" type="s" direction="out"/>"#,
                "    </method>",
                "  </interface>",
                #"  <interface name="org.freedesktop.DBus.Peer">"#,
                #"    <method name="Ping"/>"#,
                #"    <method name="GetMachineId">"#,
                #"      <arg name="machine_uuid" type="s" direction="out"/>"#,
                "    </method>",
                "  </interface>",
            ]
        }
        for interface in interfaces { lines += self.lines(of: interface) }
        for child in children { lines.append(#"  <node name="\#(attribute(child))"/>"#) }
        lines.append("</node>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func lines(of interface: DBusInterfaceDescription) -> [String] {
        var lines = comment(interface.documentation, indent: "  ")
        if !interface.errors.isEmpty {
            var text = "Errors its methods reply with:"
            for error in interface.errors { text += "\n- \(error.name): \(error.documentation)" }
            lines += comment(text, indent: "  ")
        }
        lines.append(#"  <interface name="\#(attribute(interface.name.rawValue))">"#)
        for method in interface.methods {
            lines += comment(method.documentation, indent: "    ")
            let arguments =
                method.arguments.map { argument($0, direction: "in") }
                + method.reply.map { argument($0, direction: "out") }
            lines += element("method", method.name.rawValue, arguments)
        }
        for signal in interface.signals {
            lines += comment(signal.documentation, indent: "    ")
            lines += element("signal", signal.name.rawValue, signal.arguments.map { argument($0, direction: nil) })
        }
        lines.append("  </interface>")
        return lines
    }

    private static func element(_ kind: String, _ name: String, _ arguments: [String]) -> [String] {
        guard !arguments.isEmpty else { return [#"    <\#(kind) name="\#(attribute(name))"/>"#] }
        return [#"    <\#(kind) name="\#(attribute(name))">"#] + arguments + ["    </\(kind)>"]
    }

    private static func argument(_ argument: DBusArgumentDescription, direction: String?) -> String {
        let direction = direction.map { #" direction="\#($0)""# } ?? ""
        return #"      <arg name="\#(attribute(argument.name))" type="\#(attribute(argument.type))"\#(direction)/>"#
    }

    /// `text` as an XML comment, one comment line per line of text, wrapped at 96 columns; a
    /// line that starts with "- " is a list item, its continuation lines indented under it.
    private static func comment(_ text: String, indent: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // "--" may not occur inside an XML comment.
        let safe = text.replacingDoubleHyphens()
        var lines = ["\(indent)<!--"]
        for paragraph in safe.split(separator: "\n", omittingEmptySubsequences: false) {
            let item = paragraph.hasPrefix("- ")
            let width = 96 - indent.count - (item ? 4 : 2)
            for (index, line) in wrapped(String(paragraph), width: width).enumerated() {
                lines.append("\(indent)  \(item && index > 0 ? "  " : "")\(line)")
            }
        }
        lines.append("\(indent)-->")
        return lines
    }

    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        return lines
    }

    private static func attribute(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}

extension String {
    fileprivate func replacingDoubleHyphens() -> String {
        var result = ""
        for character in self {
            if character == "-", result.last == "-" { result += " " }
            result.append(character)
        }
        return result
    }
}
