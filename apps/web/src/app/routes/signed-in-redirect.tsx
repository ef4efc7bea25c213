import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { USERID_COOKIE } from '@cc/contracts';
import { userInfoQuery } from '../../features/shell';
import { readCookie } from '../../lib/cookies';

/**
 * On `/login` and `/register`: a browser that is signed in goes on to `to` (home or a safe backurl) instead
 * of seeing the form (issue #9). Checked with `home/userinfo` only when the readable `userid` cookie says
 * there may be a session (API.md §5); a stale cookie's 10002 leaves the visitor on the form (the api-client
 * never redirects away from these two pages). Renders nothing otherwise.
 */
export function SignedInRedirect({ to }: { to: string }) {
  const hasSession = Boolean(readCookie(USERID_COOKIE));
  const me = useQuery({ ...userInfoQuery, enabled: hasSession });
  return hasSession && me.isSuccess ? <Navigate to={to} replace /> : null;
}
