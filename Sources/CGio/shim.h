// GIO from libglib2.0-dev: GSettings (the desktop's settings stores) and GDesktopAppInfo
// (desktop entries), for the agent only.
#include <gio/gio.h>
#include <gio/gdesktopappinfo.h>
