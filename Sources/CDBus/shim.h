#ifndef UNOTIFY_CDBUS_SHIM_H
#define UNOTIFY_CDBUS_SHIM_H
#include <dbus/dbus.h>
#endif
