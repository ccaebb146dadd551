#!/usr/bin/python3
"""throughput-clients.py libnotify|python-dbus COUNT

The reference loops for benchmarks/throughput: COUNT notifications into the session bus's
notification server, one after another, each waiting for its answer. Prints
`MODE COUNT SECONDS RATE`, as throughput-benchmark does.
  libnotify    libnotify through GObject introspection (gir1.2-notify-0.7): Notification.show()
  python-dbus  dbus-python: the Notify method call
"""
import sys
import time

mode, count = sys.argv[1], int(sys.argv[2])
if mode == "libnotify":
    import gi
    gi.require_version("Notify", "0.7")
    from gi.repository import Notify
    Notify.init("throughput")
    start = time.monotonic()
    for n in range(count):
        Notify.Notification.new(f"Throughput {n}", "libnotify").show()
elif mode == "python-dbus":
    import dbus
    bus = dbus.SessionBus()
    server = dbus.Interface(bus.get_object("org.freedesktop.Notifications", "/org/freedesktop/Notifications"),
                            "org.freedesktop.Notifications")
    start = time.monotonic()
    for n in range(count):
        server.Notify("throughput", dbus.UInt32(0), "", f"Throughput {n}", "python-dbus", dbus.Array([], signature="s"),
                      dbus.Dictionary({}, signature="sv"), dbus.Int32(-1))
else:
    sys.exit("usage: throughput-clients.py libnotify|python-dbus COUNT")
seconds = time.monotonic() - start
print(f"{mode} {count} {seconds:.3f} {count / seconds:.1f}")
