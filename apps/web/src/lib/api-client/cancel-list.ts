import { CANCEL_LIST_MAX } from '@cc/contracts';

/**
 * The list of in-flight requests' AbortControllers (spec §9): when a push makes it pass
 * CANCEL_LIST_MAX (20) entries the list is cleared — the original keeps the list bounded this way
 * rather than pruning finished requests one by one. `cancelAllRequests` aborts what is listed
 * (used on logout so no late response lands on the login page).
 */
const controllers: AbortController[] = [];

/** Adds a controller; clears the list when it passes CANCEL_LIST_MAX entries (spec §9). */
export function trackRequest(controller: AbortController): void {
  controllers.push(controller);
  if (controllers.length > CANCEL_LIST_MAX) controllers.length = 0;
}

/** Drops a finished request's controller (keeps the list to what is really in flight). */
export function untrackRequest(controller: AbortController): void {
  const i = controllers.indexOf(controller);
  if (i >= 0) controllers.splice(i, 1);
}

/** How many controllers are listed. */
export function pendingRequestCount(): number {
  return controllers.length;
}

/** Aborts every listed request and empties the list. */
export function cancelAllRequests(): void {
  const all = controllers.splice(0, controllers.length);
  for (const c of all) c.abort();
}
