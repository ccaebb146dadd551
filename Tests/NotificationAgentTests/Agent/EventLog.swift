/// Events in the order they happened.
actor EventLog {
    private(set) var all: [String] = []

    func add(_ event: String) { all.append(event) }
}
