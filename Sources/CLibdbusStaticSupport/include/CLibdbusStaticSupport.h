/* CLibdbusStaticSupport exports nothing to Swift: it only supplies, at link time, the two
 * libsystemd symbols that libdbus-1.a refers to (see systemd-socket-stubs.c). */
