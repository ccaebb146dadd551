#ifndef UNOTIFY_CEPOLL_SHIM_H
#define UNOTIFY_CEPOLL_SHIM_H
// Linux's epoll and thread naming, which Swift's Glibc module does not bring in.
#include <sys/epoll.h>
#include <sys/prctl.h>

// Names the calling thread (at most 15 bytes are kept): prctl is variadic, which Swift cannot call.
static inline int cepoll_name_this_thread(const char *name) {
    return prctl(PR_SET_NAME, name, 0, 0, 0);
}
#endif
