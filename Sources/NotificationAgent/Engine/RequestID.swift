/// A token the agent gives each authorization request, so that the machine can say exactly
/// which requests an answer completes (`AuthorizationEffect.completeRequests`).
///
/// The agent picks them; they must be unique among the requests still waiting for one app.
package struct RequestID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The agent's token.
    package var rawValue: UInt64

    /// The token `rawValue`.
    package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// The token `rawValue`.
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }

    /// `request N`, for logs and test failures.
    package var description: String { "request \(rawValue)" }
}
