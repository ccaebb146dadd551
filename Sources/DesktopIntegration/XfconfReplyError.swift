/// xfconfd answered a call with something other than what its interface says.
package struct XfconfReplyError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}
