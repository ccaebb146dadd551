import Testing
import TestSupport

/// `MonitoredMessage.parse`, which every bus verdict of the end-to-end suites reads, on
/// `dbus-monitor` output captured from a private bus (python3-dbusmock's notification server):
/// strings with quotes, newlines and empty lines, empty arrays, a dictionary, an error reply
/// whose text has lines at column 0.
@Suite struct MonitoredMessageTests {
    /// Two `Notify` calls and their answers, a wrong `CloseNotification` and its error, then
    /// `ActionInvoked` and `NotificationClosed` (messages of other members left out).
    static let captured = #"""
        method call time=1795608040.963189 sender=:1.5 -> destination=:1.2 serial=3 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify
           string "Tea "Time""
           uint32 7
           string ""
           string "Say "yes""
           string "He said "hi"

        then "go""
           array [
              string "default"
              string "Open"
              string "snooze"
              string "Snooze ]"
           ]
           array [
              dict entry(
                 string "urgency"
                 variant             byte 2
              )
              dict entry(
                 string "sound-name"
                 variant             string "message-new-instant"
              )
           ]
           int32 -1
        method return time=1795608040.963305 sender=:1.2 -> destination=:1.5 serial=5 reply_serial=3
           uint32 7
        method call time=1795608040.963625 sender=:1.5 -> destination=:1.2 serial=4 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=Notify
           string "Tea"
           uint32 0
           string ""
           string ""
           string ""
           array [
           ]
           array [
           ]
           int32 0
        method return time=1795608040.971165 sender=:1.2 -> destination=:1.5 serial=7 reply_serial=4
           uint32 1
        method call time=1795608040.971948 sender=:1.5 -> destination=:1.2 serial=5 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=CloseNotification
           uint32 7
           uint32 7
        error time=1795608040.971983 sender=:1.2 -> destination=:1.5 error_name=org.freedesktop.DBus.Error.InvalidArgs reply_serial=5
           string "Invalid arguments: Fewer items found in D-Bus signature than in Python arguments"
        signal time=1795608041.171622 sender=:1.6 -> destination=(null destination) serial=2 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=ActionInvoked
           uint32 7
           string "snooze"
        signal time=1795608041.259541 sender=:1.7 -> destination=(null destination) serial=2 path=/org/freedesktop/Notifications; interface=org.freedesktop.Notifications; member=NotificationClosed
           uint32 7
           uint32 2
        """#

    /// An error reply with a Python traceback: lines at column 0 and empty lines inside the string.
    static let traceback = #"""
        error time=1795607990.703299 sender=:1.3 -> destination=:1.6 error_name=org.freedesktop.DBus.Error.UnknownMethod reply_serial=4
           string "Traceback (most recent call last):
          File "/usr/lib/python3/dist-packages/dbusmock/mockobject.py", line 836, in _dbusmock_method_lookup
            m = obj.methods[dbus_interface or obj.interface][method_name]
                ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~^^^^^^^^^^^^^
        KeyError: 'NoSuch'

        During handling of the above exception, another exception occurred:

        Traceback (most recent call last):
          File "/usr/lib/python3/dist-packages/dbus/service.py", line 659, in _message_cb
            (candidate_method, parent_method) = _method_lookup(self, method_name, interface_name)
                                                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          File "/usr/lib/python3/dist-packages/dbusmock/mockobject.py", line 839, in _dbusmock_method_lookup
            return orig_method_lookup(obj, method_name, dbus_interface)
                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
          File "/usr/lib/python3/dist-packages/dbus/service.py", line 249, in _method_lookup
            raise UnknownMethodException('%s is not a valid method of interface %s' % (method_name, dbus_interface))
        dbus.exceptions.UnknownMethodException: org.freedesktop.DBus.Error.UnknownMethod: Unknown method: NoSuch is not a valid method of interface org.freedesktop.Notifications
        "
        """#

    @Test func everyMessageIsFoundWithItsKindAndHeader() {
        let messages = MonitoredMessage.parse(Self.captured)
        #expect(
            messages.map(\.kind) == [
                "method call", "method return", "method call", "method return", "method call", "error", "signal",
                "signal",
            ])
        #expect(
            messages.map(\.member) == [
                "Notify", nil, "Notify", nil, "CloseNotification", nil, "ActionInvoked", "NotificationClosed",
            ])
        let call = messages[0]
        #expect(call.sender == ":1.5" && call.destination == ":1.2" && call.serial == "3")
        #expect(call.fields["interface"] == "org.freedesktop.Notifications")
        #expect(call.fields["path"] == "/org/freedesktop/Notifications")
        #expect(messages[1].replySerial == "3" && messages[1].destination == ":1.5")
        #expect(messages[5].fields["error_name"] == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(messages[6].destination == nil, "a broadcast signal has no destination")
    }

    @Test func aNotifyCallsArgumentsAreReadAsSent() {
        let call = MonitoredMessage.parse(Self.captured)[0]
        #expect(call.arguments.count == 8)
        #expect(call.scalar(0) == #"Tea "Time""#)
        #expect(call.scalar(1) == "7")
        #expect(call.scalar(2) == "")
        #expect(call.scalar(3) == #"Say "yes""#)
        // Its first line ends with a quote, yet the string goes on, over an empty line.
        #expect(call.scalar(4) == "He said \"hi\"\n\nthen \"go\"")
        #expect(call.strings(5) == ["default", "Open", "snooze", "Snooze ]"])
        #expect(call.dictionaryKeys(6) == ["urgency", "sound-name"])
        #expect(call.scalar(7) == "-1")
        #expect(call.scalar(8) == nil)
    }

    @Test func emptyArraysAndStringsAreEmpty() {
        let call = MonitoredMessage.parse(Self.captured)[2]
        #expect(call.arguments.count == 8)
        #expect(call.scalar(3) == "" && call.scalar(4) == "")
        #expect(call.strings(5).isEmpty)
        #expect(call.dictionaryKeys(6).isEmpty)
        #expect(call.scalar(7) == "0")
    }

    @Test func signalsAndRepliesCarryTheirValues() {
        let messages = MonitoredMessage.parse(Self.captured)
        #expect(messages[1].scalar(0) == "7" && messages[3].scalar(0) == "1")
        #expect(messages[6].scalar(0) == "7" && messages[6].scalar(1) == "snooze")
        #expect(messages[7].scalar(0) == "7" && messages[7].scalar(1) == "2")
        #expect(messages[5].scalar(0)?.hasPrefix("Invalid arguments") == true)
    }

    @Test func aStringWithLinesAtColumnZeroStaysOneArgument() {
        let messages = MonitoredMessage.parse(Self.traceback)
        #expect(messages.count == 1)
        let error = messages[0]
        #expect(error.kind == "error" && error.replySerial == "4")
        #expect(error.arguments.count == 1)
        let text = error.scalar(0) ?? ""
        #expect(text.hasPrefix("Traceback (most recent call last):\n"))
        #expect(text.contains("\nKeyError: 'NoSuch'\n\nDuring handling"))
        #expect(text.hasSuffix("interface org.freedesktop.Notifications\n"))
    }

    /// What a monitor has read so far may end inside a message: the messages before it are whole.
    @Test func outputCutShortKeepsTheWholeMessages() {
        let lines = Self.captured.split(separator: "\n", omittingEmptySubsequences: false)
        let cut = lines.prefix(3).joined(separator: "\n")
        let messages = MonitoredMessage.parse(cut)
        #expect(messages.count == 1 && messages[0].member == "Notify")
        #expect(messages[0].scalar(0) == #"Tea "Time""#)
        #expect(MonitoredMessage.parse("").isEmpty)
    }
}
