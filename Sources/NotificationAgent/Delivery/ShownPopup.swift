/// One of the agent's own popups (the permission prompt, the *Keep* follow-up, the *Turn Off*
/// confirmation) as the server shows it: whose it is, what it asks, and the id the app's
/// authorization machine knows it by.
///
/// The machine's `PopupID` is numbered by the agent, not taken from the server, so that two
/// servers' equal ids (a restarted server numbers from 1 again) can never name the same popup.
struct ShownPopup: Sendable {
    let app: String
    let kind: PopupKind
    let popup: PopupID
}
