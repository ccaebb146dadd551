import DBus
import Testing
@testable import UserNotifications

/// Numbers on the request's wire that the agent later converts: a critical sound's volume must
/// be a finite number from 0 to 1 (the sound player turns it into an integer level).
@Suite struct DeliveryRequestWireNumberTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, -0.5, 1.5, 1e300])
    func aVolumeOutOfRangeIsRefused(volume: Double) {
        let request = DeliveryRequest(identifier: "a", title: "Tea", sound: .critical(name: nil, volume: volume))
        let error = #expect(throws: AgentError.self) { try DeliveryRequest(wire: request.wire) }
        #expect(error?.code == .invalidArgument)
    }

    @Test(arguments: [0.0, 0.5, 1.0]) func aVolumeInRangeIsKept(volume: Double) throws {
        let request = DeliveryRequest(identifier: "a", title: "Tea", sound: .critical(name: "alarm", volume: volume))
        #expect(try DeliveryRequest(wire: request.wire) == request)
    }
}
