import { Outlet } from 'react-router';
import type { ReactNode } from 'react';
import { AppFooter, AppHeader, usePublicConfig } from '../../features/shell';
import { SkipLink } from '../../components/skip-link';
import { usePageTitle } from './use-page-title';

/** Header without user calls: login, registration and the error screens (they must render signed out). */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const config = usePublicConfig();
  usePageTitle();
  return (
    <div className="cc-app">
      <SkipLink />
      <AppHeader variant="public" />
      <main className="cc-container cc-main cc-main-wide" id="main">
        {children ?? <Outlet />}
      </main>
      <AppFooter copyright={config.data?.copyright} />
    </div>
  );
}
