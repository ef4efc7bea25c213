import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { initI18n } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { bindNavigationProgress } from './lib/progress';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { userInfoQuery } from './features/shell';
import './styles.css';

initI18n();
const queryClient = createQueryClient();
const router = createAppRouter();
bindNavigationProgress(router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

// Spec §4: the route is re-resolved at start-up once the user is known (the original re-runs its
// route guard after the user state loads). Public pages skip it: they need no user.
if (!/^\/(login|register|notFound|serverError)/.test(window.location.pathname)) {
  queryClient
    .fetchQuery(userInfoQuery)
    .then(() => router.revalidate())
    .catch(() => {
      // the api-client already sent the browser to /login
    });
}
