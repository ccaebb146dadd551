#!/usr/bin/env swift
// A notification with two buttons, from a Swift script:
//
//     swift Examples/notify-with-action.swift "Deploy finished" "Open the logs?"
//
// It runs `unotify send -A` (on PATH after scripts/install), which shows the notification and
// prints the name of the button clicked, and says what was chosen. Exit status: unotify's.
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
let title = arguments.first ?? "Hello from Swift"
let body = arguments.count > 1 ? arguments[1] : "Open it now, or later?"

let unotify = Process()
unotify.executableURL = URL(fileURLWithPath: "/usr/bin/env")
unotify.arguments = ["unotify", "send", "-a", "swift-script", "-A", "open=Open", "-A", "later=Later", title, body]
let output = Pipe()
unotify.standardOutput = output
do {
    try unotify.run()
} catch {
    print("cannot run unotify (install it with scripts/install): \(error.localizedDescription)")
    exit(2)
}
let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    .trimmingCharacters(in: .whitespacesAndNewlines)
unotify.waitUntilExit()

switch (unotify.terminationStatus, answer) {
case (0, "open"): print("You chose Open")
case (0, "later"): print("You chose Later")
case (0, _): print("Closed without a choice")
default:
    print("unotify send failed (exit status \(unotify.terminationStatus))")
    exit(unotify.terminationStatus)
}
