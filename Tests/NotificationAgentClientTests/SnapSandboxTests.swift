import Testing

@testable import NotificationAgentClient

/// A snap told as xdg-desktop-portal tells one (its cgroup under a `snap.` unit), named by
/// snapd's environment: with cgroup files and environments as snapd makes them (no snapd runs
/// here, so none of this is a real snap).
@Suite struct SnapSandboxTests {
    /// cgroup v2 (the unified hierarchy only), as on current distributions.
    static let unified =
        "0::/user.slice/user-1000.slice/user@1000.service/app.slice/snap.tea-timer.tea-timer-1a2b.scope\n"
    /// cgroup v1, as on older systems: the snap's scope in the name=systemd and freezer hierarchies.
    static let hybrid = """
        12:freezer:/snap.tea-timer
        11:memory:/user.slice/user-1000.slice
        1:name=systemd:/user.slice/user-1000.slice/user@1000.service/snap.tea-timer.tea-timer-1a2b.scope
        0::/user.slice/user-1000.slice/user@1000.service/snap.tea-timer.tea-timer-1a2b.scope

        """
    /// An ordinary process of a desktop session.
    static let ordinary =
        "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-org.example.Tea-42.scope\n"

    @Test func aSnapIsNamedAsThePortalNamesIt() {
        #expect(
            SnapSandbox.appID(cgroup: Self.unified, environment: ["SNAP_INSTANCE_NAME": "tea-timer"])
                == "snap.tea-timer")
        #expect(SnapSandbox.appID(cgroup: Self.hybrid, environment: ["SNAP_NAME": "tea-timer"]) == "snap.tea-timer")
        // A parallel instance: the portal's id has the instance key.
        #expect(
            SnapSandbox.appID(
                cgroup: Self.unified, environment: ["SNAP_INSTANCE_NAME": "tea-timer_work", "SNAP_NAME": "tea-timer"])
                == "snap.tea-timer_work")
    }

    /// The environment alone is no snap: a process outside one may have SNAP_NAME (a shell
    /// started from a snap's terminal), and the portal goes by the cgroup.
    @Test func onlyTheCgroupMakesASnap() {
        #expect(SnapSandbox.appID(cgroup: Self.ordinary, environment: ["SNAP_NAME": "tea-timer"]) == nil)
        #expect(!SnapSandbox.isSnap(cgroup: Self.ordinary))
        // Another hierarchy (memory) is not one the portal looks at.
        #expect(!SnapSandbox.isSnap(cgroup: "4:memory:/snap.tea-timer\n"))
        #expect(SnapSandbox.isSnap(cgroup: Self.hybrid))
    }

    @Test func aSnapWithoutAValidNameIsNone() {
        #expect(SnapSandbox.appID(cgroup: Self.unified, environment: [:]) == nil)
        #expect(SnapSandbox.appID(cgroup: Self.unified, environment: ["SNAP_NAME": "Tea Timer"]) == nil)
        #expect(SnapSandbox.appID(cgroup: Self.unified, environment: ["SNAP_NAME": "tea.timer"]) == nil)
        #expect(SnapSandbox.appID(cgroup: Self.unified, environment: ["SNAP_INSTANCE_NAME": "tea_Work"]) == nil)
    }

    /// The tests run in no snap.
    @Test func thisProcessIsNoSnap() {
        #expect(SnapSandbox.current() == nil)
    }
}
