import DBus
import FlyingFox
import FlyingSocks
import Foundation

/// The distributor's push service (RFC 8030's push resource) on 127.0.0.1, FlyingFox's server.
extension FakeDistributor {
    /// The largest message the specification lets a distributor hand over.
    static let maximumMessage = 4096

    /// Starts HTTP on 127.0.0.1 (a free port) and sets ``baseURL``.
    func startPushService() async throws {
        let server = HTTPServer(
            config: HTTPServer.Configuration(address: try .inet(ip4: "127.0.0.1", port: 0), logger: .disabled),
            handler: ClosureHTTPHandler { [weak self] request in
                guard let self else { return HTTPResponse(statusCode: .serviceUnavailable) }
                let body = try await request.bodyData
                return await self.answer(request, body: body)
            })
        self.server = server
        serverTask = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            throw TestSupportError("the push service listens on no IPv4 port")
        }
        baseURL = "http://127.0.0.1:\(port)"
    }

    /// What a POST gets:
    /// - to `/up/RESOURCE` with a body of 1 to 4096 bytes: `201 Created` with a `Location`
    ///   (`/message/ID`), and `Message` (token, the raw body, a fresh id) to the connector, unless
    ///   its `Urgency` is below the minimum (taken, not forwarded: RFC 8030 §5.3); an empty body
    ///   400, over 4096 bytes 413, an unknown endpoint 404, an unregistered one 410;
    /// - to a restricted registration's endpoint (one with a VAPID key, RFC 8292 §4): no vapid
    ///   `Authorization` 401, a wrong key or a badly signed token 403, and nothing is forwarded;
    /// - to `/control/redeliver/ID` (the tests' own, in no specification): that message again,
    ///   the same body under the same id, as a distributor does with a message it holds no
    ///   acknowledgement for; 201, or 404 for an id it no longer holds (it keeps the last 64).
    /// Any other method is 405. The connector's `Message` is sent before the answer.
    func answer(_ request: HTTPRequest, body: Data) async -> HTTPResponse {
        guard request.method == .POST else { return Self.response(405) }
        let path = request.path
        if path.hasPrefix("/control/redeliver/") {
            return await redeliver(String(path.dropFirst("/control/redeliver/".count)), path: path)
        }
        let urgency = (request.headers[HTTPHeader("Urgency")] ?? "normal").trimmingCharacters(in: .whitespaces)
            .lowercased()
        log.write([
            "direction": .string("http"), "method": .string("POST"), "path": .string(path), "length": .int(body.count),
            "urgency": .string(urgency), "ttl": request.headers[HTTPHeader("TTL")].map { .string($0) } ?? .null,
            "encoding": request.headers[.contentEncoding].map { .string($0) } ?? .null,
        ])
        let resource = path.hasPrefix("/up/") ? String(path.dropFirst("/up/".count)) : nil
        guard let resource, !gone.contains(resource) else { return Self.response(resource == nil ? 404 : 410) }
        guard let (token, registration) = registrations.first(where: { $0.value.resource == resource }) else {
            return Self.response(404)
        }
        guard !body.isEmpty else { return Self.response(400) }
        guard body.count <= Self.maximumMessage else { return Self.response(413) }
        if let key = registration.vapid,
            let refusal = VAPIDAuthorization(key: key, origin: baseURL).refusal(of: request.headers[.authorization])
        {
            log.write(["direction": .string("http"), "refused": .string(refusal.reason)])
            return Self.response(refusal.status)
        }
        let id = UUID().uuidString.lowercased()
        if PushUrgency(rawValue: urgency).map({ $0 >= minimumUrgency }) ?? true {
            await forward(body, id: id, token: token, registration: registration)
        }
        return Self.response(201, location: "/message/\(id)")
    }

    private func redeliver(_ id: String, path: String) async -> HTTPResponse {
        log.write([
            "direction": .string("http"), "method": .string("POST"), "path": .string(path),
            "control": .string("redeliver"),
        ])
        guard let (resource, body) = held[id] else { return Self.response(404) }
        if let (token, registration) = registrations.first(where: { $0.value.resource == resource }) {
            await forward(body, id: id, token: token, registration: registration)
        }
        return Self.response(201, location: "/message/\(id)")
    }

    /// Sends `Message` to the connector as ``connectorCalls`` says: fire-and-forget is sent
    /// before the POST is answered; a waiting one answers the POST at once and waits apart.
    private func forward(_ body: Data, id: String, token: String, registration: Registration) async {
        hold(id, resource: registration.resource, body: body)
        let fields = messageFields(body, id: id)
        switch connectorCalls {
        case .fireAndForget:
            // try?: a send fails only on a closed connection, when the distributor is stopping
            try? await callConnector(registration, "Message", token: token, fields)
        case .waitForReply:
            Task {
                // try?: the connector's refusal is its own to log; the push service took the message
                try? await self.callConnector(registration, "Message", token: token, fields)
            }
        }
    }

    private static func response(_ status: Int, location: String? = nil) -> HTTPResponse {
        var headers: HTTPHeaders = [.connection: "close"]
        if let location { headers[.location] = location }
        return HTTPResponse(statusCode: HTTPStatusCode(status, phrase: phrase(status)), headers: headers)
    }

    private static func phrase(_ status: Int) -> String {
        switch status {
        case 201: "Created"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 410: "Gone"
        case 413: "Payload Too Large"
        default: "Status"
        }
    }
}
