import { Outlet } from 'react-router';
import { Spin } from 'antd';
import { AppFooter, AppHeader, AsideMenu, SidePanel, TopBar } from '../../features/shell';
import { visibleMenu, withBadges } from '../menu';
import { UploadIndicator } from '../../features/video/uploads';
import { SkipLink } from '../../components/skip-link';
import { useFrameData } from './use-frame-data';
import { usePageTitle } from './use-page-title';
import { usePageTracking } from './use-page-tracking';

/** The default layout (spec §1): top bar, header, aside menu, the 1200 px page, side panel, footer. */
export function DefaultLayout() {
  const frame = useFrameData();
  usePageTitle();
  usePageTracking(frame.user.isSuccess);
  return (
    <div className="cc-app">
      <SkipLink />
      <TopBar sites={frame.config.siblingSites} />
      <AppHeader
        variant="full"
        user={frame.user.data}
        unreadCount={frame.unreadCount}
        uploads={<UploadIndicator />}
      />
      <div className="cc-container cc-body">
        <AsideMenu groups={withBadges(visibleMenu(frame), frame)} />
        <main className="cc-main" id="main">
          {frame.user.isSuccess ? <Outlet /> : <Spin size="large" className="cc-page-spin" />}
        </main>
      </div>
      <SidePanel feedbackUrl={frame.config.feedbackUrl} />
      <AppFooter copyright={frame.config.copyright} />
    </div>
  );
}
