import Testing
import TestSupport
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
        #expect(choice.note?.contains("unotify push --distributor") == true)
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

/// The stored choice (`unotify push --distributor`): after the variable, before the first sorted.
@Suite struct StoredDistributorChoiceTests {
    @Test func theStoredChoiceComesAfterTheVariable() {
        let names = DistributorChoiceTests.names
        let stored = "org.unifiedpush.Distributor.ntfy"
        let choice = DistributorChoice.choose(among: names, variable: nil, stored: stored)
        #expect(choice?.name == stored)
        #expect(choice?.note?.contains("unotify push --distributor") == true)
        #expect(
            DistributorChoice.choose(among: names, variable: "kde", stored: stored)?.name
                == "org.unifiedpush.Distributor.kde")
        // A stored one that is not on the bus: the first sorted.
        #expect(
            DistributorChoice.choose(among: names, variable: nil, stored: "org.unifiedpush.Distributor.gone")?.name
                == "org.unifiedpush.Distributor.kde")
    }

    @Test func theFileRoundTripsAndRefusesWhatIsNoDistributor() throws {
        // The closure keeps the directory until the last write through it.
        let temporary = try TemporaryDirectory("unotify-preference")
        let environment: (String) -> String? = { $0 == "XDG_CONFIG_HOME" ? temporary.path : nil }
        #expect(DistributorPreference.read(environment: environment) == nil)
        try DistributorPreference.write("org.unifiedpush.Distributor.ntfy", environment: environment)
        #expect(DistributorPreference.read(environment: environment) == "org.unifiedpush.Distributor.ntfy")
        try DistributorPreference.write(nil, environment: environment)
        #expect(DistributorPreference.read(environment: environment) == nil)
        #expect(DistributorPreference.fullName("ntfy") == "org.unifiedpush.Distributor.ntfy")
        #expect(DistributorPreference.fullName("not a name") == nil)
        #expect(DistributorPreference.fullName("") == nil)
        #expect(
            DistributorPreference.path(environment: { $0 == "HOME" ? "/home/ann" : nil })
                == "/home/ann/.config/unotify/push-distributor")
        #expect(DistributorPreference.path(environment: { _ in "relative" }) == nil)
    }
}
