import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { bindNavigationProgress } from './lib/progress';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { userInfoQuery } from './features/shell';
import { loginUrlFor, setLoginNavigator } from './lib/api-client';
import { readCookie } from './lib/cookies';
import { USERID_COOKIE } from '@cc/contracts';
import { installGlobalErrorRecording } from './lib/error-state';
import { startTracking, tracker, watchVideoUploads } from './lib/tracking';
import { isUploadStoreLoaded, subscribeUploadStoreLoaded } from './features/video/uploads/upload-signal';
import './styles.css';

initI18n();
// Issue #15: the latest error (script errors from here on; the api-client reports network and server ones) and
// the tracking points (page views from the layouts, key actions from the api-client and the poster editor).
installGlobalErrorRecording();
startTracking();
// A merged video upload is an `upload` action; the store is loaded with the publishing pages, so watch it then.
const watchUploads = () =>
  void import('./features/video/uploads/upload-store').then((m) => watchVideoUploads(tracker, m.uploadStore));
if (isUploadStoreLoaded()) watchUploads();
else {
  const stop = subscribeUploadStoreLoaded(() => {
    stop();
    watchUploads();
  });
}
const queryClient = createQueryClient();
// Pages that need a signed-in author (spec §4); the public ones need no user.
const needsAuthor = !/^\/(login|register|notFound|serverError)/.test(window.location.pathname);
// Issue #9: without the userid cookie (API.md §5) the visitor is signed out for sure. The app starts right on
// /login (the address is rewritten before the router reads it): no page load, no layout, no call that could
// only answer 10002.
const signedOut = needsAuthor && !readCookie(USERID_COOKIE);
if (signedOut) window.history.replaceState(null, '', loginUrlFor(window.location));
const router = createAppRouter();
bindNavigationProgress(router);
// Issue #9: a session lost later goes to /login through the router, not a page load — the app starts once.
setLoginNavigator((url) => void router.navigate(url, { replace: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// Spec §4: the route is re-resolved at start-up once the user is known (the original re-runs its
// route guard after the user state loads). Public pages skip it: they need no user.
if (needsAuthor && !signedOut) {
  queryClient
    .fetchQuery(userInfoQuery)
    .then(() => router.revalidate())
    .catch(() => {
      // the api-client already sent the browser to /login
    });
}
