import { Outlet } from 'react-router';
import { Spin } from 'antd';
import { AppFooter, AppHeader, SidePanel, TopBar } from '../../features/shell';
import { useFrameData } from './use-frame-data';

/** The only-header layout (spec §2) for top-level routes such as /article and /notice: header with the user drop-down menu. */
export function OnlyHeaderLayout() {
  const frame = useFrameData();
  return (
    <div className="cc-app">
      <TopBar sites={frame.config.siblingSites} />
      <AppHeader variant="menu" user={frame.user.data} unreadCount={frame.unreadCount} />
      <main className="cc-container cc-main cc-main-wide" id="main">
        {frame.user.isSuccess ? <Outlet /> : <Spin size="large" className="cc-page-spin" />}
      </main>
      <SidePanel feedbackUrl={frame.config.feedbackUrl} />
      <AppFooter copyright={frame.config.copyright} />
    </div>
  );
}
