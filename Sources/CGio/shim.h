// GIO from libglib2.0-dev: GSettings (the desktop's settings stores) and GDesktopAppInfo
// (desktop entries), for the agent only. gsettingsbackend.h: which backend GSettings uses (a
// memory backend keeps nothing and shares nothing).
#define G_SETTINGS_ENABLE_BACKEND 1
#include <gio/gio.h>
#include <gio/gdesktopappinfo.h>
#include <gio/gsettingsbackend.h>
