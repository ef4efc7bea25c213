import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Page state in the query string (spec §2, §9): reload and back keep tabs, filters, page and keyword.
 * `set` merges; empty values and defaults are dropped so URLs stay short.
 */
export function useQueryState<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams();
  const get = (key: K): string => params.get(key) ?? defaults[key];
  const set = useCallback(
    (next: Partial<Record<K, string | number | undefined>>, opts: { replace?: boolean } = {}) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next) as [K, string | number | undefined][]) {
            const value = v === undefined ? '' : String(v);
            if (value === '' || value === defaults[k]) out.delete(k);
            else out.set(k, value);
          }
          return out;
        },
        { replace: opts.replace },
      );
    },
    // defaults is a literal at every call site; its identity does not matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  return { get, set, params };
}
