import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * An antd button that is a link to an in-app path: one `<a href>` (no button nested in a link, which
 * screen readers and axe's `nested-interactive` reject), opened by the router on a plain click and by
 * the browser on a modified click (new tab, new window).
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: MouseEvent<HTMLElement>) => handleClick(event as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
