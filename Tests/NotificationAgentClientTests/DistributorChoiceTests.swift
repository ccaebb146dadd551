import Testing
@testable import NotificationAgentClient

/// Which UnifiedPush distributor the agent (and `unotify server --explain`) uses.
@Suite struct DistributorChoiceTests {
    static let names = [
        ":1.4", "org.freedesktop.DBus", "org.unifiedpush.Distributor.ntfy", "org.unifiedpush.Distributor.kde",
        "org.unifiedpush.Distributor2", "org.unifiedpush.Distributor.",
    ]

    @Test func noDistributorIsNoChoice() {
        #expect(DistributorChoice.choose(among: [":1.4", "org.unifiedpush.Distributor2"], variable: nil) == nil)
    }

    @Test func theOnlyOneIsUsedWithoutANote() {
        let choice = DistributorChoice.choose(among: [":1.4", "org.unifiedpush.Distributor.kde"], variable: "ntfy")
        #expect(choice == DistributorChoice(name: "org.unifiedpush.Distributor.kde"))
    }

    @Test func ofSeveralTheFirstSortedIsUsedAndTheNoteSaysHowToChoose() throws {
        let choice = try #require(DistributorChoice.choose(among: Self.names, variable: nil))
        #expect(choice.name == "org.unifiedpush.Distributor.kde")
        #expect(choice.note?.contains("UNOTIFY_PUSH_DISTRIBUTOR") == true)
    }

    @Test func theVariableChoosesByShortOrFullName() {
        #expect(
            DistributorChoice.choose(among: Self.names, variable: "ntfy")?.name == "org.unifiedpush.Distributor.ntfy")
        #expect(
            DistributorChoice.choose(among: Self.names, variable: "org.unifiedpush.Distributor.ntfy")?.name
                == "org.unifiedpush.Distributor.ntfy")
        // One that is not on the bus: the first sorted.
        #expect(
            DistributorChoice.choose(among: Self.names, variable: "gone")?.name == "org.unifiedpush.Distributor.kde")
    }
}
