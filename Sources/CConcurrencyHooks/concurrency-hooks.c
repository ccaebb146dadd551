#include "CConcurrencyHooks.h"

/* Defined by the Swift runtime (libswift_Concurrency), as function pointers of the Swift
 * calling convention; only their storage is needed here. */
extern void *swift_task_enqueueGlobal_hook;
extern void *swift_task_enqueueGlobalWithDelay_hook;
extern void *swift_task_enqueueGlobalWithDeadline_hook;

void **unotify_enqueue_global_hook(void) { return &swift_task_enqueueGlobal_hook; }
void **unotify_enqueue_global_with_delay_hook(void) { return &swift_task_enqueueGlobalWithDelay_hook; }
void **unotify_enqueue_global_with_deadline_hook(void) { return &swift_task_enqueueGlobalWithDeadline_hook; }
