import { Outlet } from 'react-router';
import { Spin } from 'antd';
import { AppFooter, AppHeader, SidePanel, TopBar } from '../../features/shell';
import { UploadIndicator } from '../../features/video/uploads';
import { SkipLink } from '../../components/skip-link';
import { useFrameData } from './use-frame-data';
import { usePageTitle } from './use-page-title';
import { usePageTracking } from './use-page-tracking';

/** The only-header layout (spec §2) for top-level routes such as /article and /notice: header with the user drop-down menu. */
export function OnlyHeaderLayout() {
  const frame = useFrameData();
  usePageTitle();
  usePageTracking(frame.user.isSuccess);
  return (
    <div className="cc-app">
      <SkipLink />
      <TopBar sites={frame.config.siblingSites} />
      <AppHeader
        variant="menu"
        user={frame.user.data}
        unreadCount={frame.unreadCount}
        uploads={<UploadIndicator />}
      />
      <main className="cc-container cc-main cc-main-wide" id="main">
        {frame.user.isSuccess ? <Outlet /> : <Spin size="large" className="cc-page-spin" />}
      </main>
      <SidePanel feedbackUrl={frame.config.feedbackUrl} />
      <AppFooter copyright={frame.config.copyright} />
    </div>
  );
}
