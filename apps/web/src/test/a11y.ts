/**
 * Accessibility rules cheap enough to hold in jsdom (issue #9, DESIGN.md "Accessibility"); the browser tests
 * (`e2e/a11y.e2e.ts`) hold the rest with axe-core.
 */

/** The selector of what takes keyboard focus in document order (tabindex -1 and disabled left out). */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The first element of `root` a Tab reaches (document order; jsdom has no layout to skip hidden ones). */
export function firstTabbable(root: ParentNode = document): HTMLElement | null {
  const all = [...root.querySelectorAll<HTMLElement>(TABBABLE)];
  return (
    all.find((el) => el.getAttribute('tabindex') !== '-1' && !el.closest('[aria-hidden="true"]')) ?? null
  );
}

/** The name a control gives itself: aria-label, aria-labelledby, title, a `<label>`, or an image's alt inside. */
function ownName(el: HTMLElement): string {
  const label = el.getAttribute('aria-label')?.trim() || el.getAttribute('title')?.trim();
  if (label) return label;
  const labels = [...((el as HTMLButtonElement).labels ?? [])].map((l) => l.textContent?.trim() ?? '');
  if (labels.join('')) return labels.join(' ');
  const ids = el.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
  const labelled = ids
    .map((id) => el.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .join(' ')
    .trim();
  if (labelled) return labelled;
  return el.querySelector('img[alt]:not([alt=""])')?.getAttribute('alt') ?? '';
}

/**
 * The buttons and links of `root` that show no text and give themselves no name, as short HTML. An antd icon's
 * own `aria-label` ("delete", "edit") does not count: it is English in every language, so an icon-only control
 * must be named by the page (`aria-label` from i18n).
 */
export function unnamedIconControls(root: ParentNode = document): string[] {
  const controls = root.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="link"]');
  return [...controls]
    .filter((el) => !el.closest('[aria-hidden="true"]') && el.getAttribute('tabindex') !== '-1')
    .filter((el) => !el.textContent?.trim() && !ownName(el))
    .map((el) => el.outerHTML.slice(0, 200));
}
