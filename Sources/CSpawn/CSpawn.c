#define _GNU_SOURCE
#include "CSpawn.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdlib.h>
#include <sys/syscall.h>

// Weak: NULL where the C library has no such call (glibc before 2.34, musl).
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int) __attribute__((weak));

int unotify_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    if (posix_spawn_file_actions_addclosefrom_np != NULL) {
        return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
    }
    DIR *directory = opendir("/proc/self/fd");
    if (directory == NULL) return errno;
    int listing = dirfd(directory);
    int result = 0;
    struct dirent *entry;
    while (result == 0 && (entry = readdir(directory)) != NULL) {
        char *end;
        long descriptor = strtol(entry->d_name, &end, 10);
        if (*end != '\0' || end == entry->d_name || descriptor < lowest || descriptor == listing) continue;
        // A descriptor closed meanwhile makes the child's close fail, which glibc ignores.
        result = posix_spawn_file_actions_addclose(actions, (int)descriptor);
    }
    closedir(directory);
    return result;
}

int unotify_pipe_close_on_exec(int ends[2]) {
    return pipe2(ends, O_CLOEXEC);
}

int unotify_pidfd_open(int pid) {
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, (pid_t)pid, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
