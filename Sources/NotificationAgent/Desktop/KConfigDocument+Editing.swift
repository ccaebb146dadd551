extension KConfigDocument {
    /// The file's bytes with each key of `changes` in `group` set to its value (escaped), or
    /// removed when the value is `nil`; every other byte stays as it was (other groups, other
    /// keys, translations, comments, blank lines, line ends).
    ///
    /// The key's lines in the group without a locale (`[$d]` included) are removed; the new ones
    /// go after the last entry of the group's last header, or under a new header at the end.
    /// The caller leaves locked (`[$i]`) keys out: KConfig would not change them.
    package func setting(_ changes: [(key: String, value: String?)], in group: [String]) -> [UInt8] {
        let keys = Set(changes.map(\.key))
        let added = changes.compactMap { change in
            change.value.map {
                KConfigEscaping.escape(Array(change.key.utf8), as: .key) + Array("=".utf8)
                    + KConfigEscaping.escape(Array($0.utf8), as: .value) + [UInt8(ascii: "\n")]
            }
        }
        var removed = Set<Int>()
        var anchor: Int?
        for index in sections[group] ?? [] {
            switch lines[index].kind {
            case .group: anchor = index
            case .entry(let entry) where entry.locale == nil && keys.contains(entry.key): removed.insert(index)
            case .entry: anchor = index
            case .blank, .fileImmutable: break
            }
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + added.reduce(0) { $0 + $1.count } + 64)
        for (index, line) in lines.enumerated() {
            let end = Swift.min(line.range.upperBound + 1, bytes.count)
            if !removed.contains(index) { output += bytes[line.range.lowerBound..<end] }
            if index == anchor {
                if output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
                for entry in added { output += entry }
            }
        }
        if anchor == nil, !added.isEmpty {
            if !output.isEmpty, output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
            if !output.isEmpty { output.append(UInt8(ascii: "\n")) }
            output += Self.header(group)
            for entry in added { output += entry }
        }
        return output
    }

    /// `[A][B]\n` for the group path `[A, B]`, escaped as KConfig writes it (a short lowercase
    /// name after `$` gets `\x24`, so it is not read as options).
    static func header(_ group: [String]) -> [UInt8] {
        var header: [UInt8] = []
        for name in group {
            var bytes = Array(name.utf8)
            var prefix: [UInt8] = []
            if bytes.first == UInt8(ascii: "$"), bytes.count <= 10,
                bytes.dropFirst().allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) })
            {
                prefix = Array("\\x24".utf8)
                bytes.removeFirst()
            }
            header += [UInt8(ascii: "[")] + prefix + KConfigEscaping.escape(bytes, as: .group) + [UInt8(ascii: "]")]
        }
        return header + [UInt8(ascii: "\n")]
    }
}
