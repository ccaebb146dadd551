import Foundation

/// A time of day written HH:MM, as the calendar trigger's date components.
struct ReminderTime {
    let components: DateComponents
    let text: String

    init?(parsing text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        components = DateComponents(hour: hour, minute: minute)
        self.text = text
    }
}
