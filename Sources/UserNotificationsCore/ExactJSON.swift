import Foundation

/// Reads JSON into Foundation objects as `JSONSerialization` does, with every floating-point
/// number exact.
///
/// On Linux, `JSONSerialization.jsonObject(with:)` reads about half of all doubles one bit off
/// (a third to a half of random values in this project's tests), while `JSONDecoder` reads them
/// exactly. This reads with both and takes each floating-point number from the decoder, so a
/// `userInfo` value or push payload number arrives as it was sent, as on Apple's platforms.
package enum ExactJSON {
    /// The objects `JSONSerialization` reads from `data`, its floating-point numbers exact;
    /// throws what `JSONSerialization` throws for malformed JSON.
    package static func object(with data: Data) throws -> Any {
        let object = try JSONSerialization.jsonObject(with: data, options: [])
        // try?: the exact reading only repairs numbers; without it the plain object is returned
        guard let exact = try? JSONDecoder().decode(Node.self, from: data) else { return object }
        return repaired(object, exact)
    }

    /// The shape of a JSON document with its numbers as the decoder reads them.
    private indirect enum Node: Decodable {
        case number(Double)
        case array([Node])
        case object([String: Node])
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            // try?: probing the value's kind, here and below: a failed decode means "not this kind"
            if container.decodeNil() || (try? container.decode(Bool.self)) != nil
                || (try? container.decode(String.self)) != nil  // try?: as above
            {
                self = .other
            } else if let number = try? container.decode(Double.self) {  // try?: as above
                self = .number(number)
            } else if let array = try? container.decode([Node].self) {  // try?: as above
                self = .array(array)
            } else {
                self = .object(try container.decode([String: Node].self))
            }
        }
    }

    private static func repaired(_ value: Any, _ node: Node) -> Any {
        switch (value, node) {
        case (let number as NSNumber, .number(let exact)) where isFloatingPoint(number) && number.doubleValue != exact:
            return NSNumber(value: exact)
        case (let array as [Any], .array(let nodes)) where array.count == nodes.count:
            return zip(array, nodes).map { repaired($0, $1) }
        case (let dictionary as [String: Any], .object(let nodes)):
            return dictionary.reduce(into: [String: Any]()) { result, entry in
                result[entry.key] = nodes[entry.key].map { repaired(entry.value, $0) } ?? entry.value
            }
        default:
            return value
        }
    }

    /// Whether `JSONSerialization` read `number` as a floating-point number; integers and
    /// Booleans it reads exactly.
    private static func isFloatingPoint(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "d" || type == "f"
    }
}
