/// The rate limit on wrong reply numbers, over every client together: after `limit` wrong
/// numbers within `window`, every `Reply` is refused, right number or not, until the oldest of
/// them is older than `window`. A guesser learns nothing while refused, so it gets at most
/// `limit` guesses per `window` however many connections it opens.
struct WrongReplyLimit {
    /// Wrong numbers allowed within `window`.
    var limit = 8
    /// How far back wrong numbers count.
    var window: Duration = .seconds(1)
    private var wrong: [ContinuousClock.Instant] = []

    /// Whether a `Reply` arriving `now` is refused without looking at its number.
    func isRefusing(at now: ContinuousClock.Instant) -> Bool {
        wrong.count { now - $0 < window } >= limit
    }

    /// A `Reply` at `now` gave a number that names no waiting reply (those older than `window`
    /// are forgotten).
    mutating func recordWrongNumber(at now: ContinuousClock.Instant) {
        wrong.removeAll { now - $0 >= window }
        wrong.append(now)
    }
}
