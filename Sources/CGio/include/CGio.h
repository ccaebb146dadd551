// The part of GLib/GIO (libglib2.0: libgio-2.0, libgobject-2.0, libglib-2.0) the agent uses:
// GSettings for the desktop's settings stores, GKeyFile and GDesktopAppInfo for desktop
// entries, and a main context on a thread of its own. Declared here, as GLib documents them,
// rather than through GLib's headers: their pkg-config flags include -pthread, which SwiftPM
// refuses with a warning on every build. The types are opaque: the agent only passes them back.
#ifndef UNOTIFY_CGIO_H
#define UNOTIFY_CGIO_H

#include <stddef.h>
#include <stdint.h>

typedef char gchar;
typedef int gint;
typedef unsigned int guint;
typedef gint gboolean;
typedef size_t gsize;
typedef void *gpointer;
typedef uint32_t GQuark;

typedef struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
} GError;

typedef struct _GSettings GSettings;
typedef struct _GSettingsSchema GSettingsSchema;
typedef struct _GSettingsSchemaSource GSettingsSchemaSource;
typedef struct _GSettingsBackend GSettingsBackend;
typedef struct _GVariant GVariant;
typedef struct _GMainContext GMainContext;
typedef struct _GMainLoop GMainLoop;
typedef struct _GKeyFile GKeyFile;
typedef struct _GDesktopAppInfo GDesktopAppInfo;
typedef struct _GTypeInstance GTypeInstance;

typedef gboolean (*GSourceFunc)(gpointer user_data);
typedef void (*GDestroyNotify)(gpointer data);

/// GKeyFileFlags' values.
static const gint UNOTIFY_G_KEY_FILE_NONE = 0;
static const gint UNOTIFY_G_KEY_FILE_KEEP_TRANSLATIONS = 1 << 1;

// GLib
void g_free(gpointer mem);
void g_strfreev(gchar **str_array);
const gchar *g_get_user_config_dir(void);
GMainContext *g_main_context_new(void);
void g_main_context_push_thread_default(GMainContext *context);
void g_main_context_invoke_full(
    GMainContext *context, gint priority, GSourceFunc function, gpointer data, GDestroyNotify notify);
GMainLoop *g_main_loop_new(GMainContext *context, gboolean is_running);
void g_main_loop_run(GMainLoop *loop);
GKeyFile *g_key_file_new(void);
void g_key_file_unref(GKeyFile *key_file);
gboolean g_key_file_load_from_data(GKeyFile *key_file, const gchar *data, gsize length, gint flags, GError **error);
gboolean g_key_file_has_group(GKeyFile *key_file, const gchar *group_name);
gchar *g_key_file_get_string(GKeyFile *key_file, const gchar *group_name, const gchar *key, GError **error);
gchar *g_key_file_get_locale_string(
    GKeyFile *key_file, const gchar *group_name, const gchar *key, const gchar *locale, GError **error);
gboolean g_key_file_get_boolean(GKeyFile *key_file, const gchar *group_name, const gchar *key, GError **error);
void g_variant_unref(GVariant *value);
const gchar *g_variant_get_type_string(GVariant *value);
gboolean g_variant_get_boolean(GVariant *value);

// GObject
void g_object_unref(gpointer object);
const gchar *g_type_name_from_instance(GTypeInstance *instance);

// GIO
GSettingsSchemaSource *g_settings_schema_source_get_default(void);
GSettingsSchema *g_settings_schema_source_lookup(
    GSettingsSchemaSource *source, const gchar *schema_id, gboolean recursive);
void g_settings_schema_unref(GSettingsSchema *schema);
gboolean g_settings_schema_has_key(GSettingsSchema *schema, const gchar *name);
GSettings *g_settings_new_full(GSettingsSchema *schema, GSettingsBackend *backend, const gchar *path);
GSettingsBackend *g_settings_backend_get_default(void);
gboolean g_settings_get_boolean(GSettings *settings, const gchar *key);
gboolean g_settings_set_boolean(GSettings *settings, const gchar *key, gboolean value);
gchar *g_settings_get_string(GSettings *settings, const gchar *key);
gboolean g_settings_set_string(GSettings *settings, const gchar *key, const gchar *value);
gchar **g_settings_get_strv(GSettings *settings, const gchar *key);
gboolean g_settings_set_strv(GSettings *settings, const gchar *key, const gchar *const *value);
GVariant *g_settings_get_user_value(GSettings *settings, const gchar *key);
GVariant *g_settings_get_default_value(GSettings *settings, const gchar *key);
typedef struct _GSettingsSchemaKey GSettingsSchemaKey;
GSettingsSchemaKey *g_settings_schema_get_key(GSettingsSchema *schema, const gchar *name);
GVariant *g_settings_schema_key_get_default_value(GSettingsSchemaKey *key);
void g_settings_schema_key_unref(GSettingsSchemaKey *key);
gboolean g_variant_equal(GVariant *one, GVariant *two);
void g_settings_reset(GSettings *settings, const gchar *key);
gboolean g_settings_is_writable(GSettings *settings, const gchar *name);
void g_settings_delay(GSettings *settings);
void g_settings_apply(GSettings *settings);
void g_settings_revert(GSettings *settings);
void g_settings_sync(void);
GDesktopAppInfo *g_desktop_app_info_new_from_keyfile(GKeyFile *key_file);

#endif
