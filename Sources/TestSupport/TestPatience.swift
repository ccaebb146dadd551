/// How long a test waits for an event that must come (a call, a reply, a close, a popup): a
/// guard against a hang, never a judgement of speed, which benchmarks measure. Long enough that
/// a loaded machine cannot flip a verdict (10 s was passed twice in one full run beside two
/// busy loops, by a scheduled notification's fire and a marker's close); a test that passes
/// waits only as long as its event takes.
public enum TestPatience {
    public static let event: Duration = .seconds(30)
}
