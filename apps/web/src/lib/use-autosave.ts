import { useEffect, useRef } from 'react';
import { AUTOSAVE_INTERVAL_MS, type ContentStatus } from '@cc/contracts';

/**
 * Autosave while editing (issue #2): every AUTOSAVE_INTERVAL_MS (30 s) calls `save` — only when the
 * content changed since the last save (`isDirty`) and no save is running. The latest callbacks are
 * read through refs so the timer is not reset by every keystroke.
 */
export function useAutosave({
  isDirty,
  save,
  enabled = true,
  intervalMs = AUTOSAVE_INTERVAL_MS,
}: {
  isDirty: () => boolean;
  save: () => Promise<unknown>;
  enabled?: boolean;
  intervalMs?: number;
}) {
  const dirtyRef = useRef(isDirty);
  const saveRef = useRef(save);
  const running = useRef(false);
  useEffect(() => {
    dirtyRef.current = isDirty;
    saveRef.current = save;
  });
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => {
      if (running.current || !dirtyRef.current()) return;
      running.current = true;
      saveRef
        .current()
        .catch(() => {
          // the editor shows the failure; the next tick tries again
        })
        .finally(() => {
          running.current = false;
        });
    }, intervalMs);
    return () => clearInterval(timer);
  }, [enabled, intervalMs]);
}

/**
 * Whether an editor autosaves a work to the server (issue #10 "autosave must not silently cancel a schedule"):
 * a new work or a draft only. An autosave is a draft save, which would take a published work away from readers,
 * cancel a schedule or pull a held work out of the operators' queue; those keep their local copy (lib/local-draft)
 * until the author acts.
 * @param status the work's status on the server; undefined for one never saved
 */
export function autosavesToServer(status: ContentStatus | undefined): boolean {
  return status === undefined || status === 'draft';
}
