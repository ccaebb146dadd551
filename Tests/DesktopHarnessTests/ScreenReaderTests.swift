import Foundation
import Testing

@testable import DesktopHarness

/// The screenshot readers on small drawn images: what each finds, in order, and what it says
/// when there is nothing to find.
@Suite struct ScreenReaderTests {
    /// An RGB canvas to draw filled rectangles on.
    struct Canvas {
        let width: Int
        let height: Int
        var bytes: [UInt8]

        init(width: Int, height: Int, colour: (UInt8, UInt8, UInt8)) {
            self.width = width
            self.height = height
            bytes = Array((0..<(width * height)).map { _ in [colour.0, colour.1, colour.2] }.joined())
        }

        /// Fills columns `xs` of rows `ys`.
        mutating func fill(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>, _ colour: (UInt8, UInt8, UInt8)) {
            for y in ys {
                for x in xs {
                    let at = (y * width + x) * 3
                    (bytes[at], bytes[at + 1], bytes[at + 2]) = colour
                }
            }
        }

        /// A 1-px frame around columns `xs` of rows `ys`.
        mutating func frame(_ xs: ClosedRange<Int>, _ ys: ClosedRange<Int>, _ colour: (UInt8, UInt8, UInt8)) {
            fill(xs, ys.lowerBound...ys.lowerBound, colour)
            fill(xs, ys.upperBound...ys.upperBound, colour)
            fill(xs.lowerBound...xs.lowerBound, ys, colour)
            fill(xs.upperBound...xs.upperBound, ys, colour)
        }

        var image: ScreenImage {
            get throws { try ScreenImage(width: width, height: height, channels: 3, bytes: bytes) }
        }
    }

    @Test func aPPMAndAPAMAreRead() throws {
        let ppm = try #require(ScreenImage.ppm(Data("P6\n2 1\n255\n".utf8) + Data([1, 2, 3, 4, 5, 6])))
        #expect(ppm.width == 2 && ppm.height == 1)
        #expect(ppm.pixel(1, 0) == ScreenImage.Pixel(4, 5, 6) && ppm.alpha(1, 0) == 255)
        #expect(ScreenImage.ppm(Data("P6\n2 1\n255\n".utf8) + Data([1, 2])) == nil, "a truncated image is none")
        #expect(ScreenImage.ppm(Data("P3\n1 1\n255\n1 2 3".utf8)) == nil)
        let header = "P7\nWIDTH 1\nHEIGHT 2\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
        let pam = try ScreenImage.pam(Data(header.utf8) + Data([9, 8, 7, 0, 1, 2, 3, 200]))
        #expect(pam.pixel(0, 1) == ScreenImage.Pixel(1, 2, 3) && pam.alpha(0, 0) == 0 && pam.alpha(0, 1) == 200)
        #expect(throws: HarnessError.self) {
            try ScreenImage.pam(Data("P7\nWIDTH 1\nHEIGHT 1\nDEPTH 2\nENDHDR\n".utf8) + Data([0, 0]))
        }
    }

    @Test func threeFramedButtonsAreThreeButtonsLeftToRight() throws {
        var canvas = Canvas(width: 300, height: 100, colour: (220, 220, 220))
        canvas.fill(20...100, 20...30, (40, 40, 40))  // the title
        for xs in [20...89, 110...189, 210...279] { canvas.frame(xs, 55...85, (100, 100, 100)) }
        let finder = PopupButtonFinder()
        let analysis = try finder.analyse(try canvas.image)
        #expect(analysis.clusters == [20...90, 110...190, 210...280])
        let buttons = try finder.buttons(analysis, count: 3)
        #expect(buttons.map(\.x) == [55, 150, 245])
        #expect(buttons.allSatisfy { (55...86).contains($0.y) && $0.height == 32 })
        #expect(try finder.buttons(analysis, count: 2).map(\.x) == [150, 245], "the right-most ones")
        #expect(throws: HarnessError.self) { try finder.buttons(analysis, count: 4) }
        let title = try PopupButtonFinder(top: true).buttons(
            try PopupButtonFinder(top: true).analyse(canvas.image), count: 1)
        #expect(title == [FoundButton(x: 60, y: 25, width: 82, height: 12)])
    }

    @Test func anEmptyWindowHasNoButtons() throws {
        let image = try Canvas(width: 200, height: 80, colour: (220, 220, 220)).image
        #expect(throws: HarnessError.self) { try PopupButtonFinder().analyse(image) }
        let dark = try Canvas(width: 200, height: 80, colour: (30, 30, 30)).image
        #expect(throws: HarnessError.self) { try LabelButtonFinder.buttons(in: dark, count: 1, window: "1") }
        #expect(EnlightenmentPopupFinder.popups(in: image).isEmpty)
    }

    @Test func labelsAreSplitAtTheWidestGaps() throws {
        var canvas = Canvas(width: 300, height: 100, colour: (30, 30, 30))
        canvas.fill(20...80, 10...20, (230, 230, 230))  // the summary, in the upper half
        for xs in [20...40, 45...60, 100...140, 200...230] { canvas.fill(xs, 70...80, (230, 230, 230)) }
        let labels = try LabelButtonFinder.buttons(in: try canvas.image, count: 3, window: "7")
        #expect(labels.map(\.x) == [40, 120, 215])
        #expect(labels.map(\.width) == [41, 41, 31])
        #expect(labels.allSatisfy { $0.y == 75 && $0.height == 11 })
        #expect(throws: HarnessError.self) { try LabelButtonFinder.buttons(in: canvas.image, count: 0, window: "7") }
    }

    @Test func enlightenmentsCardsTopToBottomAndTheNewestCloseCross() throws {
        var canvas = Canvas(width: 1280, height: 600, colour: (20, 40, 80))
        for top in [47, 201] { canvas.fill(951...1232, top...(top + 79), (5, 8, 11)) }
        canvas.fill(1207...1219, 214...226, (240, 240, 240))  // the newest card's cross
        let image = try canvas.image
        let popups = EnlightenmentPopupFinder.popups(in: image)
        #expect(
            popups == [
                ScreenBox(x: 951, y: 47, width: 282, height: 80), ScreenBox(x: 951, y: 201, width: 282, height: 80),
            ])
        let cross = try EnlightenmentPopupFinder.closeCross(in: image, popup: try #require(popups.last))
        #expect(cross.x == 1213 && cross.y == 220)
        #expect(throws: HarnessError.self) { try EnlightenmentPopupFinder.closeCross(in: image, popup: popups[0]) }
    }

    /// Enlightenment 0.27's card as measured (951,47 282x92): the icon left of the text, the
    /// title in the top rows, the cross at the right, two labels under the body.
    @Test func enlightenment027sLabelsRightOfItsIcon() throws {
        var canvas = Canvas(width: 1280, height: 600, colour: (20, 40, 80))
        canvas.fill(951...1232, 47...138, (5, 8, 11))
        canvas.fill(982...986, 85...122, (250, 250, 250))  // the "!" icon, down to the button row
        canvas.fill(1008...1150, 60...70, (240, 240, 240))  // the title
        canvas.fill(1207...1219, 60...72, (240, 240, 240))  // the cross
        canvas.fill(1008...1120, 84...92, (180, 180, 180))  // the body
        canvas.fill(1040...1078, 110...120, (240, 240, 240))  // "Keep…"
        canvas.fill(1100...1150, 110...120, (240, 240, 240))  // "Turn Off…"
        let image = try canvas.image
        let popup = try #require(EnlightenmentPopupFinder.popups(in: image).last)
        let buttons = try EnlightenmentPopupFinder.buttons(in: image, popup: popup, count: 2)
        #expect(buttons.map(\.x) == [1059, 1125])
        #expect(buttons.allSatisfy { $0.y == 115 })
    }

    @Test func budgiesNewestCardAndItsEqualButtons() throws {
        var canvas = Canvas(width: 1280, height: 400, colour: (0, 0, 0))
        canvas.fill(886...1269, 10...129, (0x16, 0x16, 0x16))
        canvas.fill(886...1269, 140...299, (0x16, 0x16, 0x16))
        canvas.fill(896...1259, 256...289, (0x2d, 0x2d, 0x2d))
        let image = try canvas.image
        let cards = BudgieButtonFinder.cards(in: image)
        #expect(cards == [10...129, 140...299])
        let popup = BudgieButtonFinder.popup(in: image, rows: cards[1])
        #expect(popup.card == ScreenBox(x: 886, y: 140, width: 384, height: 160))
        #expect(popup.body == (1006, 165) && popup.close == (1249, 160))
        let row = try BudgieButtonFinder.buttons(in: image, popup: popup, count: 2)
        #expect(row.extent == ScreenBox(x: 896, y: 256, width: 364, height: 34))
        #expect(row.buttons.map(\.x) == [987, 1169] && row.buttons.allSatisfy { $0.y == 272 })
        let first = BudgieButtonFinder.popup(in: image, rows: cards[0])
        #expect(throws: HarnessError.self) { try BudgieButtonFinder.buttons(in: image, popup: first, count: 1) }
        #expect(BudgieButtonFinder.cards(in: try Canvas(width: 400, height: 100, colour: (0, 0, 0)).image).isEmpty)
    }

    @Test func swaync012ButtonsAreReadRowByRowFromTheBottom() throws {
        var canvas = Canvas(width: 1280, height: 300, colour: (0x3f, 0x3f, 0x3f))
        canvas.fill(792...1267, 10...184, (0x51, 0x51, 0x51))
        canvas.fill(793...1266, 11...183, (0x33, 0x33, 0x33))
        for xs in [801...1025, 1034...1258] { canvas.fill(xs, 97...130, (0x46, 0x46, 0x46)) }  // two on a row
        canvas.fill(801...1258, 139...172, (0x46, 0x46, 0x46))  // one below
        let image = try canvas.image
        let popup = try SwayncButtonFinder.popup(in: image, layout: .v0_12)
        #expect(popup.card == ScreenBox(x: 792, y: 10, width: 476, height: 175))
        #expect(popup.body == (1029, 29) && popup.close == (1248, 30))
        let buttons = try SwayncButtonFinder.buttons(in: image, popup: popup, count: 3, layout: .v0_12)
        #expect(buttons.map(\.x) == [913, 1146, 1029] && buttons.map(\.y) == [113, 113, 155])
        #expect(throws: HarnessError.self) {
            try SwayncButtonFinder.buttons(in: image, popup: popup, count: 2, layout: .v0_12)
        }
        let empty = try Canvas(width: 1280, height: 300, colour: (0x3f, 0x3f, 0x3f)).image
        #expect(throws: HarnessError.self) { try SwayncButtonFinder.popup(in: empty, layout: .v0_12) }
        #expect(throws: HarnessError.self) { try SwayncButtonFinder.popup(in: empty, layout: .v0_7) }
    }

    @Test func plasmasFramedButtonsAndRedClose() throws {
        var canvas = Canvas(width: 600, height: 300, colour: (252, 252, 252))
        canvas.fill(560...575, 110...125, (220, 60, 60))  // the close disc
        for xs in [300...347, 360...449] { canvas.frame(xs, 240...269, (209, 210, 210)) }
        let finder = PlasmaPopupButtonFinder(
            image: try canvas.image, window: ScreenBox(x: 200, y: 100, width: 390, height: 190))
        #expect(
            try finder.buttons() == [
                FoundButton(x: 324, y: 255, width: 48, height: 30), FoundButton(x: 405, y: 255, width: 90, height: 30),
            ])
        #expect(try finder.closeButton() == FoundButton(x: 567, y: 117, width: 16, height: 16))
        #expect(throws: HarnessError.self) { try finder.replyField() }
    }

    @Test func gnomeShellsReplyGivesTheBox() {
        #expect(GnomeShellBannerBoxCommand.bannerBox(inReply: "(true, '\"412x120+434+0\"')") == "412x120+434+0")
        #expect(GnomeShellBannerBoxCommand.bannerBox(inReply: "(true, '\"\"')") == nil)
        #expect(GnomeShellBannerBoxCommand.bannerBox(inReply: "(false, '')") == nil)
    }
}
