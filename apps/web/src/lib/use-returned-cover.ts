import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MEDIA_URL_PATTERN } from '@cc/contracts';

/**
 * The cover the poster editor brought back (issue #4 "design a cover"): `?coverUrl=` on return, accepted
 * only when it is one of our `/media/` URLs. Read once when the page opens; the parameter then leaves the
 * URL (replace, no history entry) so a reload does not apply it again.
 * @returns the URL, or undefined when none (or a foreign one) came back
 */
export function useReturnedCover(): string | undefined {
  const [params, setParams] = useSearchParams();
  const [cover] = useState(() => {
    const url = params.get('coverUrl');
    return url && MEDIA_URL_PATTERN.test(url) ? url : undefined;
  });
  useEffect(() => {
    if (!params.has('coverUrl')) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('coverUrl');
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return cover;
}
