import Testing

@testable import DesktopHarness

@Suite struct EnvironmentFileTests {
    @Test func theShellFormQuotesEveryValueAndUnsetsAMissingDisplay() {
        let file = EnvironmentFile(
            variables: [("DISPLAY", ""), ("DESKTOP_CONFIG", "x=1 it's"), ("DESKTOP_SERVER", "dunst")],
            comments: ["written for a test"])
        #expect(
            file.shellText
                == "# written for a test\nunset DISPLAY\nexport DESKTOP_CONFIG='x=1 it'\\''s'\nexport DESKTOP_SERVER='dunst'\n"
        )
    }

    @Test func thePlainFormReadsBackAsWritten() {
        let file = EnvironmentFile(variables: [("A", "1=2"), ("EMPTY", ""), ("B", "with space")])
        #expect(EnvironmentFile.parsePlain(file.plainText) == ["A": "1=2", "EMPTY": "", "B": "with space"])
    }

    @Test func aBusSocketPathIsEscapedForTheAddressAndTheXML() {
        let filled = BusConfiguration.fill(
            template: "<listen>unix:path=@SOCKET_PATH@</listen><servicedir>@SERVICE_DIR@</servicedir>",
            socketPath: "/tmp/a b,c&d/bus", serviceDirectory: "/tmp/x&y")
        #expect(filled == "<listen>unix:path=/tmp/a%20b%2cc%26d/bus</listen><servicedir>/tmp/x&amp;y</servicedir>")
    }

    @Test func aStatLineIsReadAfterItsCommandNameWhateverThatHolds() throws {
        let stat = try #require(
            ProcStat(statLine: "42 (a) b (c)) S 1 40 40 0 -1 4194304 1 0 0 0 0 0 0 0 20 0 1 0 987654 1 1"))
        #expect(stat.state == "S")
        #expect(stat.processGroup == 40)
        #expect(stat.startTime == "987654")
    }
}
