extension SendOptions {
    /// Reports the notification's id where the options ask: stdout with `-p`, the descriptor of
    /// `--id-fd` (as notify-send 0.8.9 writes it: the id and a newline).
    func reportID(_ id: UInt32) {
        if printID { StandardOutput.write(String(id)) }
        if let idDescriptor { FileDescriptorText.write("\(id)\n", to: idDescriptor) }
    }

    /// Reports the action the user chose: its key on stdout, and on the descriptors of
    /// `--selected-action-fd` and `--activation-token-fd` (the key, and the server's activation
    /// token, each followed by a newline; an empty line when the server sent no token).
    func reportAction(_ key: String, activationToken: String?) {
        StandardOutput.write(key)
        if let selectedActionDescriptor { FileDescriptorText.write(key + "\n", to: selectedActionDescriptor) }
        if let activationTokenDescriptor {
            FileDescriptorText.write((activationToken ?? "") + "\n", to: activationTokenDescriptor)
        }
    }
}
