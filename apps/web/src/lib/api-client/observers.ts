/**
 * What the api-client reports to whoever listens (issue #15): a signed call that succeeded (the tracking points'
 * key actions) or failed for a reason that is the app's, not the author's (the latest error time: `network` when
 * no answer came, `server` for an HTTP 5xx or an answer that is not the envelope or `status` 10001 INTERNAL), and an
 * image upload that succeeded. Refusals (10002–10009) are answers, not errors: not reported as failures.
 * Listeners must not throw (a throw is swallowed).
 */
export type ApiEvent =
  | { type: 'success'; path: string; param: unknown }
  | { type: 'failure'; kind: 'network' | 'server'; path: string; detail: string }
  | { type: 'image-uploaded'; path: string };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

/** Listens to the api-client's events. @returns the function that stops listening */
export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener (api-client internal). */
export function emitApiEvent(event: ApiEvent): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // a listener's fault never breaks a call
    }
  }
}
