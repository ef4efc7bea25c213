import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id every layout gives its `<main>`: the skip link's target. */
export const MAIN_CONTENT_ID = 'main';

/**
 * "跳到主要内容" / "Skip to main content" (issue #9, WCAG 2.4.1 Bypass Blocks): the first focusable element of
 * every layout, hidden until it has focus, that moves focus past the top bar, header and menu to the element
 * with id `targetId` (the layout's `<main>`). Focus is moved by script so the router's URL stays as it is
 * (no `#main` history entry); the target is made focusable (`tabindex="-1"`) when it is not.
 */
export function SkipLink({ targetId = MAIN_CONTENT_ID }: { targetId?: string }) {
  const { t } = useTranslation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="cc-skip-link" href={`#${targetId}`} onClick={handleClick}>
      {t('a11y.skipToContent')}
    </a>
  );
}
