/// One line of `responses.journal`, a JSON object: a response queued for `app` (`add`), its
/// oldest `drop` responses given way, or all of them taken by a listener (`clear`).
struct ResponseJournalLine: Codable, Equatable {
    var app: String
    var add: StoredResponse?
    var drop: Int?
    var clear: Bool?

    /// Applies the line to `queued`.
    func apply(to queued: inout [String: [StoredResponse]]) {
        if clear == true { queued[app] = nil }
        if let drop, drop > 0, var responses = queued[app] {
            responses.removeFirst(min(drop, responses.count))
            queued[app] = responses.isEmpty ? nil : responses
        }
        if let add { queued[app, default: []].append(add) }
    }
}
