import {
  fenToYuanText,
  ORDER_CLOSED_STATES,
  type OrderListFilter,
  type OrderState,
  type OrderSummary,
} from '@cc/contracts';

/** Business orders on the web (issue #14): tabs, money and state tones. */

/** An amount in fen as yuan with two decimals (`12345` → `123.45`). */
export const yuan = (fen: number) => fenToYuanText(fen);

/** The list's tabs: all, each state an author follows, and `closed` (declined, expired, cancelled). */
export const ORDER_TABS = [
  'all',
  'invited',
  'accepted',
  'delivered',
  'revision_requested',
  'approved',
  'settled',
  'closed',
] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The tab of the address's `state` (unknown → all). */
export function tabOf(value: string): OrderTab {
  return (ORDER_TABS as readonly string[]).includes(value) ? (value as OrderTab) : 'all';
}

/** The list call's filter of a tab (`all` → none). */
export function filterOf(tab: OrderTab): OrderListFilter | undefined {
  return tab === 'all' ? undefined : tab;
}

/** How many orders a tab holds, from the summary's counts. */
export function tabCount(summary: OrderSummary | undefined, tab: OrderTab): number | undefined {
  if (!summary) return undefined;
  const c = summary.counts;
  if (tab === 'all') return Object.values(c).reduce((a, b) => a + b, 0);
  if (tab === 'closed') return ORDER_CLOSED_STATES.reduce((a, s) => a + c[s], 0);
  return c[tab];
}

/** A positive integer id from the address, or undefined. */
export function positiveId(value: string | null): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && n <= 2_147_483_647 ? n : undefined;
}

/** The colours of a state's tag: text, background, border (AA contrast; the word is always shown too). */
export function stateTone(state: OrderState): { color: string; background: string; borderColor: string } {
  if (state === 'invited' || state === 'revision_requested')
    return { color: '#ad4e00', background: '#fff7e6', borderColor: '#ffd591' };
  if (state === 'settled') return { color: '#237804', background: '#f6ffed', borderColor: '#b7eb8f' };
  if (state === 'expired') return { color: '#ad2102', background: '#fff2e8', borderColor: '#ffbb96' };
  if (state === 'declined' || state === 'cancelled')
    return { color: '#595959', background: '#fafafa', borderColor: '#d9d9d9' };
  return { color: '#0958d9', background: '#e6f4ff', borderColor: '#91caff' };
}
