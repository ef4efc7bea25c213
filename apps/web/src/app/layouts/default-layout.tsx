import { Outlet } from 'react-router';
import { Spin } from 'antd';
import { AppFooter, AppHeader, AsideMenu, SidePanel, TopBar } from '../../features/shell';
import { visibleMenu } from '../menu';
import { useFrameData } from './use-frame-data';

/** The default layout (spec §1): top bar, header, aside menu, the 1200 px page, side panel, footer. */
export function DefaultLayout() {
  const frame = useFrameData();
  return (
    <div className="cc-app">
      <TopBar sites={frame.config.siblingSites} />
      <AppHeader variant="full" user={frame.user.data} unreadCount={frame.unreadCount} />
      <div className="cc-container cc-body">
        <AsideMenu groups={visibleMenu(frame)} />
        <main className="cc-main" id="main">
          {frame.user.isSuccess ? <Outlet /> : <Spin size="large" className="cc-page-spin" />}
        </main>
      </div>
      <SidePanel feedbackUrl={frame.config.feedbackUrl} />
      <AppFooter copyright={frame.config.copyright} />
    </div>
  );
}
