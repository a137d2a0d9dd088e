/**
 * One place for "you have unsaved changes": an editor registers a guard while it is open; the app
 * asks it before navigating away (e.g. the Library tab). A guard that returns true has taken over
 * (typically it asks the user) and calls `proceed` itself if the user goes on.
 */
export type LeaveGuard = (proceed: () => void) => boolean;

let current: LeaveGuard | null = null;

/** Register the open editor's guard; returns a function that removes it. */
export function setLeaveGuard(guard: LeaveGuard): () => void {
  current = guard;
  return () => {
    if (current === guard) current = null;
  };
}

/** Navigate away through the guard, if any. */
export function requestLeave(proceed: () => void): void {
  if (current?.(proceed)) return;
  proceed();
}
