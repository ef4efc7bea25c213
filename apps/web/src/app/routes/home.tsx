import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthorCard, QuickEntries } from '../../features/home';
import { HomeDataCard } from '../../features/audience-data';
import { MessageListView, useMessageList } from '../../features/messages';
import { NoticeList } from '../../features/notices';
import { HomeTasksCard } from '../../features/growth';
import {
  storedDynamicShow,
  useDynamicAuth,
  useMyInfo,
  useUserGrade,
  useUserInfo,
} from '../../features/shell';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { LinkButton } from '../../components/content-table';

function Section({ title, more, children }: { title: string; more?: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="cc-card" aria-label={title}>
      <div className="cc-section-head">
        <h2 className="cc-section-title">{title}</h2>
        {more ? (
          <Link to={more}>
            <Button type="link" size="small">
              {t('common.more')}
            </Button>
          </Link>
        ) : null}
      </div>
      {children}
    </section>
  );
}

function UnreadMessages() {
  const { t } = useTranslation();
  const unread = useMessageList({ unreadOnly: true, page: 1, pageSize: 5 });
  if (unread.isPending) return <LoadingState rows={3} />;
  if (unread.isError) return <ErrorState error={unread.error} onRetry={() => void unread.refetch()} />;
  if (unread.data.list.length === 0) return <EmptyState description={t('home.noUnread')} />;
  return <MessageListView messages={unread.data.list} compact />;
}

/**
 * Home `/`: the author's card, key numbers (audience data of a short period, issue #12), quick entries, the next
 * growth tasks (issue #14), unread messages and latest notices.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const grade = useUserGrade();
  const myInfo = useMyInfo();
  const dynamicShow = useDynamicAuth().data?.dynamicShow ?? storedDynamicShow();
  return (
    <div>
      {user.data ? (
        <AuthorCard user={user.data} grade={grade.data?.grade} authorId={myInfo.data?.id} />
      ) : null}
      {myInfo.data?.role === 'operator' ? (
        // operators reach their page from here (issue #10): the review queue and authors' permissions
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('ops.title')}
          action={
            <LinkButton to="/ops/review" type="primary" size="small" data-testid="ops-link">
              {t('ops.homeLink')}
            </LinkButton>
          }
        />
      ) : null}
      <div className="cc-home-grid">
        <Section title={t('home.keyNumbers')} more="/dataOverview">
          <HomeDataCard />
        </Section>
        <Section title={t('home.quickPublish')}>
          <QuickEntries dynamicShow={dynamicShow} />
        </Section>
        <Section title={t('growth.widget.title')} more="/task/detail">
          <HomeTasksCard />
        </Section>
        <Section title={t('home.unreadMessages')} more="/messageList">
          <UnreadMessages />
        </Section>
        <Section title={t('home.latestNotices')} more="/noticeList">
          <NoticeList compact pageSize={5} />
        </Section>
      </div>
    </div>
  );
}
