// CGio has no code of its own: include/CGio.h declares the GLib/GIO functions the agent calls,
// and the target links the libraries that define them.
#include "CGio.h"
