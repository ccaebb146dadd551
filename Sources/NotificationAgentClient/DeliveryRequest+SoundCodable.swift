/// The stored form of a sound: `{"kind":"default"}`, `{"kind":"named","name":N}`, or
/// `{"kind":"critical","volume":V}` with `"name":N` when the critical sound has one.
extension DeliveryRequest.Sound: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, name, volume
    }

    /// Reads the stored form; an unknown kind, or a named sound without a name, is an error.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "default":
            self = .default
        case "named":
            self = .named(try container.decode(String.self, forKey: .name))
        case "critical":
            self = .critical(
                name: try container.decodeIfPresent(String.self, forKey: .name),
                volume: try container.decode(Double.self, forKey: .volume))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown sound kind \(kind.debugDescription)")
        }
    }

    /// Writes the stored form.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .default:
            try container.encode("default", forKey: .kind)
        case .named(let name):
            try container.encode("named", forKey: .kind)
            try container.encode(name, forKey: .name)
        case .critical(let name, let volume):
            try container.encode("critical", forKey: .kind)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encode(volume, forKey: .volume)
        }
    }
}
