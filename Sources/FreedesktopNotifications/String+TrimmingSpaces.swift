extension String {
    package var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first?.isWhitespace == true { scalars = scalars.dropFirst() }
        while scalars.last?.isWhitespace == true { scalars = scalars.dropLast() }
        return String(scalars)
    }
}
