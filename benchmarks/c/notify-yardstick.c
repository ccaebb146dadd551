/* notify-yardstick: the least a client can do to post a notification with libdbus, the
 * yardstick for `unotify send` (benchmarks/send-vs-c-yardstick): connect to the session bus,
 * call Notify and wait for the server's reply (as `unotify send` and notify-send do: a send
 * that exits 0 has been taken by the server), close. Built by the benchmark with gcc -O2. */
#include <dbus/dbus.h>
#include <stdio.h>
#include <stdint.h>
int main(int argc, char **argv) {
    const char *summary = argc > 1 ? argv[1] : "Benchmark", *body = argc > 2 ? argv[2] : "";
    DBusError error; dbus_error_init(&error);
    DBusConnection *c = dbus_bus_get_private(DBUS_BUS_SESSION, &error);
    if (!c) { fprintf(stderr, "%s\n", error.message); return 2; }
    DBusMessage *m = dbus_message_new_method_call("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                                  "org.freedesktop.Notifications", "Notify");
    const char *app = "yardstick", *icon = ""; uint32_t replaces = 0; int32_t timeout = -1;
    DBusMessageIter it, sub;
    dbus_message_iter_init_append(m, &it);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &app);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_UINT32, &replaces);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &icon);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &summary);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_STRING, &body);
    dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "s", &sub); dbus_message_iter_close_container(&it, &sub);
    dbus_message_iter_open_container(&it, DBUS_TYPE_ARRAY, "{sv}", &sub); dbus_message_iter_close_container(&it, &sub);
    dbus_message_iter_append_basic(&it, DBUS_TYPE_INT32, &timeout);
    DBusMessage *reply = dbus_connection_send_with_reply_and_block(c, m, 25000, &error);
    dbus_message_unref(m);
    if (!reply) { fprintf(stderr, "%s\n", error.message); return 1; }
    dbus_message_unref(reply);
    dbus_connection_close(c); dbus_connection_unref(c);
    return 0;
}
