import Foundation

/// Reading a screenshot's pixels with ImageMagick's `convert`.
extension TestDesktop {
    /// How many pixels of each colour (`#RRGGBB`, upper case, as ImageMagick's histogram spells
    /// it) the PNG at `url` has, in the rectangle `region` (x, y, width, height) or all of it.
    /// Throws when convert fails or prints no histogram.
    public func colourCounts(in url: URL, region: (x: Int, y: Int, width: Int, height: Int)? = nil) async throws
        -> [String: Int]
    {
        let crop = region.map { ["-crop", "\($0.width)x\($0.height)+\($0.x)+\($0.y)", "+repage"] } ?? []
        let histogram = try await output("convert", [url.path] + crop + ["-format", "%c", "histogram:info:-"])
        var counts: [String: Int] = [:]
        // "    169: (40,85,119) #285577 srgb(40,85,119)"
        for line in histogram.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard let count = words.first.flatMap({ Int($0.dropLast()) }),
                let colour = words.first(where: { $0.hasPrefix("#") })
            else { continue }
            counts[String(colour.prefix(7)), default: 0] += count
        }
        guard !counts.isEmpty else {
            throw TestSupportError("convert printed no histogram of \(url.path): \(histogram)")
        }
        return counts
    }
}
