/// A notification category as the agent stores it and `unotify categories` reads it (JSON):
///
///     [{"identifier": "message",
///       "actions": [{"identifier": "snooze", "title": "Snooze", "options": ["foreground"]},
///                   {"identifier": "reply", "title": "Reply",
///                    "textInput": {"buttonTitle": "Send", "placeholder": "Message"}}],
///       "options": ["customDismissAction"]}]
///
/// Action options: `authenticationRequired`, `destructive`, `foreground`; category options:
/// `customDismissAction`, `allowInCarPlay`, `hiddenPreviewsShowTitle`,
/// `hiddenPreviewsShowSubtitle`, `allowAnnouncement` (Apple's names).
package struct CategoryRecord: Codable, Hashable, Sendable {
    /// One action (button) of a category.
    package struct Action: Codable, Hashable, Sendable {
        /// A text-input action's button title and placeholder.
        package struct TextInput: Codable, Hashable, Sendable {
            package var buttonTitle: String
            package var placeholder: String

            package init(buttonTitle: String, placeholder: String) {
                self.buttonTitle = buttonTitle
                self.placeholder = placeholder
            }
        }

        package var identifier: String
        package var title: String
        package var options: [String]
        package var textInput: TextInput?

        package init(identifier: String, title: String, options: [String] = [], textInput: TextInput? = nil) {
            self.identifier = identifier
            self.title = title
            self.options = options
            self.textInput = textInput
        }

        package init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            identifier = try container.decode(String.self, forKey: .identifier)
            title = try container.decode(String.self, forKey: .title)
            options = try container.decodeIfPresent([String].self, forKey: .options) ?? []
            textInput = try container.decodeIfPresent(TextInput.self, forKey: .textInput)
        }
    }

    package var identifier: String
    package var actions: [Action]
    package var options: [String]

    package init(identifier: String, actions: [Action], options: [String] = []) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        identifier = try container.decode(String.self, forKey: .identifier)
        actions = try container.decodeIfPresent([Action].self, forKey: .actions) ?? []
        options = try container.decodeIfPresent([String].self, forKey: .options) ?? []
    }

    /// Whether dismissing a notification of this category is reported to the app.
    package var reportsDismissal: Bool { options.contains("customDismissAction") }

    /// The option words each level accepts, for validation and error messages.
    package static let actionOptions: Set<String> = ["authenticationRequired", "destructive", "foreground"]
    package static let categoryOptions: Set<String> = [
        "customDismissAction", "allowInCarPlay", "hiddenPreviewsShowTitle", "hiddenPreviewsShowSubtitle",
        "allowAnnouncement",
    ]

    /// Checks identifiers, option words and sizes (``Limits``); the error says which is wrong,
    /// quoting at most a short prefix of it.
    package func validate() throws {
        guard !identifier.isEmpty else { throw AgentError(.invalidArgument, "a category needs an identifier") }
        try checkLimits()
        let name = AgentError.quote(identifier)
        for option in options where !Self.categoryOptions.contains(option) {
            throw AgentError(
                .invalidArgument,
                "category \(name): unknown option \(AgentError.quote(option)); use "
                    + Self.categoryOptions.sorted().joined(separator: ", "))
        }
        for action in actions {
            guard !action.identifier.isEmpty, !action.title.isEmpty else {
                throw AgentError(.invalidArgument, "category \(name): every action needs an identifier and a title")
            }
            guard action.identifier != "default" else {
                throw AgentError(
                    .invalidArgument, "category \(name): 'default' is reserved for clicking the notification")
            }
            for option in action.options where !Self.actionOptions.contains(option) {
                throw AgentError(
                    .invalidArgument,
                    "action \(AgentError.quote(action.identifier)): unknown option "
                        + "\(AgentError.quote(option)); use " + Self.actionOptions.sorted().joined(separator: ", "))
            }
        }
    }
}
