import { rewriteImageHost } from '@cc/contracts';

/**
 * Rewrites every string in a response that is a `/media/` URL (relative, or absolute on any origin)
 * to one of the configured image hosts (spec §7, API.md §4), deep through arrays and objects.
 * With no hosts the data is returned as it is.
 */
export function rewriteImageHosts<T>(
  data: T,
  hosts: readonly string[],
  random: () => number = Math.random,
): T {
  if (hosts.length === 0) return data;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return /^(?:https?:\/\/[^/\s]+)?\/media\/\S+$/.test(value)
        ? rewriteImageHost(value, hosts, random)
        : value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) out[k] = walk(v);
      return out;
    }
    return value;
  };
  return walk(data) as T;
}
