import DBus

/// Which distributor the agent registers with, among the names on the bus: the only one; of
/// several, the one `UNOTIFY_PUSH_DISTRIBUTOR` names (in full or after the namespace's dot),
/// else the user's stored choice (``DistributorPreference``, `unotify push --distributor`),
/// else the first in sorted order (and ``note`` says so). `unotify server --explain` makes
/// the same choice.
package struct DistributorChoice: Equatable, Sendable {
    /// The distributor's bus name.
    package var name: String
    /// What to log about the choice when there was one to make; nil when there was not.
    package var note: String?

    /// The choice among `names` (any bus names; only distributors' count); nil when there is none.
    package static func choose(among names: [String], variable: String?, stored: String? = nil) -> DistributorChoice? {
        let distributors = names.filter(UnifiedPush.isDistributor).sorted()
        guard let first = distributors.first else { return nil }
        guard distributors.count > 1 else { return DistributorChoice(name: first) }
        let all = distributors.joined(separator: ", ")
        if let wanted = variable, !wanted.isEmpty {
            let full =
                UnifiedPush.isDistributor(wanted) ? wanted : UnifiedPush.distributorNamespace.rawValue + "." + wanted
            if distributors.contains(full) {
                return DistributorChoice(
                    name: full, note: "using \(full) (\(UnifiedPush.distributorVariable)) of \(all)")
            }
        }
        if let stored, distributors.contains(stored) {
            return DistributorChoice(name: stored, note: "using \(stored) (unotify push --distributor) of \(all)")
        }
        return DistributorChoice(
            name: first,
            note: "several distributors (\(all)): using \(first); choose one with unotify push --distributor NAME")
    }
}
