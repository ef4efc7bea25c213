import type { ReactNode } from 'react';
import { DynamicUnavailable } from '../../features/dynamic';
import { storedDynamicShow, useDynamicAuth } from '../../features/shell';
import { ErrorState, LoadingState } from '../../components/states';

/**
 * Whether the author may use dynamics now (`get_dynamic_auth`, spec §3/§6): the server's answer, or while it loads
 * the copy kept in localStorage (as the menu does). Pages hide their dynamic actions when not `allowed`.
 */
export function useDynamicAccess() {
  const auth = useDynamicAuth();
  return { allowed: (auth.data?.dynamicShow ?? storedDynamicShow()) === 1, auth };
}

/**
 * The dynamic area shows only when `get_dynamic_auth` allows it (spec §3/§6; issue #10): the pages of dynamics
 * render their content for `dynamicShow` 1 — the server's answer, or while it loads the copy kept in
 * localStorage, as the menu does — and a clear "not available" for 0, never a crash or a blank page.
 */
export function DynamicGate({ children }: { children: ReactNode }) {
  const { allowed, auth } = useDynamicAccess();
  if (allowed) return children;
  if (auth.isPending) return <LoadingState rows={6} />;
  if (auth.isError) return <ErrorState error={auth.error} onRetry={() => void auth.refetch()} />;
  return <DynamicUnavailable />;
}
