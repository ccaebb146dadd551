#ifndef CSPAWN_H
#define CSPAWN_H

#include <spawn.h>

/// Adds to `actions` the closing, in the child, of every descriptor from `lowest` up (after the
/// actions added before it): glibc's posix_spawn_file_actions_addclosefrom_np (glibc 2.34 and
/// later), which Swift's Glibc module leaves out; with an older C library, one close action for
/// each descriptor open now (from /proc/self/fd). Returns 0 or an error number.
int unotify_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// A pipe whose two ends are close-on-exec (`pipe2(ends, O_CLOEXEC)`, which Swift's Glibc
/// module also leaves out): no child started meanwhile by another thread inherits it. Returns 0,
/// or -1 with `errno` set.
int unotify_pipe_close_on_exec(int ends[2]);

/// A descriptor that becomes readable when the process `pid` exits (`pidfd_open(2)`, Linux 5.3
/// and later), close-on-exec; -1 with `errno` set (ESRCH: no such process; ENOSYS: an older
/// kernel). Swift cannot call the variadic `syscall`, and glibc before 2.36 has no wrapper.
int unotify_pidfd_open(int pid);

#endif
