#ifndef UNOTIFY_CCONCURRENCYHOOKS_H
#define UNOTIFY_CCONCURRENCYHOOKS_H

/* Where Swift concurrency's runtime keeps its three global-executor hooks
 * (swift_task_enqueueGlobal_hook and the WithDelay and WithDeadline ones): each function
 * returns the address of one, for IdleQuietGlobalExecutor to store its own function in.
 *
 * Reached by a link-time reference rather than dlsym: with the Swift runtime linked
 * statically (swift build --static-swift-stdlib, as scripts/install builds), the hooks are in
 * the executable but not in its dynamic symbol table, and dlsym finds nothing. */

void *_Nullable *_Nonnull unotify_enqueue_global_hook(void);
void *_Nullable *_Nonnull unotify_enqueue_global_with_delay_hook(void);
void *_Nullable *_Nonnull unotify_enqueue_global_with_deadline_hook(void);

#endif
