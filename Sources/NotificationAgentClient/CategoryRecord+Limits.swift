/// The largest categories the agent keeps (UTF-8 bytes unless said otherwise); docs/CLI.md's
/// "Limits" lists them.
extension CategoryRecord {
    package enum Limits {
        /// The categories' JSON text, as `SetCategories` takes it.
        package static let jsonBytes = 262_144
        /// Categories per app.
        package static let categories = 256
        /// Actions per category (Apple shows at most 10).
        package static let actions = 16
        /// A category's or an action's identifier.
        package static let identifier = 1_024
        /// An action's title, a text input's button title and placeholder.
        package static let title = 512
    }

    /// Checks a whole `SetCategories` list: at most ``Limits/categories``, each valid.
    package static func validate(_ records: [CategoryRecord]) throws {
        guard records.count <= Limits.categories else {
            throw AgentError(.invalidArgument, "\(records.count) categories: at most \(Limits.categories) are accepted")
        }
        for record in records { try record.validate() }
    }

    /// Throws `invalidArgument` when an identifier, title, or the number of actions or options
    /// is over its limit.
    func checkLimits() throws {
        func check(_ what: String, _ text: String, _ limit: Int) throws {
            guard text.utf8.count > limit else { return }
            throw AgentError(
                .invalidArgument,
                "\(what) \(AgentError.quote(text)) is \(text.utf8.count) bytes: "
                    + "at most \(limit) are accepted")
        }
        try check("the category identifier", identifier, Limits.identifier)
        let name = AgentError.quote(identifier)
        guard actions.count <= Limits.actions else {
            throw AgentError(
                .invalidArgument, "category \(name) has \(actions.count) actions: at most \(Limits.actions)")
        }
        guard options.count <= Self.categoryOptions.count else {
            throw AgentError(
                .invalidArgument, "category \(name) has \(options.count) options: at most \(Self.categoryOptions.count)"
            )
        }
        for action in actions {
            try check("category \(name): the action identifier", action.identifier, Limits.identifier)
            try check("category \(name): the action title", action.title, Limits.title)
            try check("category \(name): the button title", action.textInput?.buttonTitle ?? "", Limits.title)
            try check("category \(name): the placeholder", action.textInput?.placeholder ?? "", Limits.title)
            guard action.options.count <= Self.actionOptions.count else {
                throw AgentError(
                    .invalidArgument,
                    "category \(name): an action has \(action.options.count) options: "
                        + "at most \(Self.actionOptions.count)")
            }
        }
    }
}
