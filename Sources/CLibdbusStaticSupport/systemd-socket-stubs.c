/* Linked only with a static libdbus (UNOTIFY_FAST_START=1, see Package.swift).
 *
 * Stand-ins for the two libsystemd functions that libdbus-1.a refers to, so that a client can
 * link libdbus statically without libsystemd (which Debian ships only as a shared library).
 *
 * libdbus calls them only where a bus daemon takes over listening sockets from systemd
 * (_dbus_listen_systemd_sockets); a client never reaches that code. Should anything reach it,
 * they answer as libsystemd does in a process that was given no socket: none passed, and the
 * descriptor is not one of them. */
#include <errno.h>

int sd_listen_fds(int unset_environment) {
    (void)unset_environment;
    return 0;
}

int sd_is_socket(int fd, int family, int type, int listening) {
    (void)family;
    (void)type;
    (void)listening;
    return fd < 0 ? -EBADF : 0;
}
