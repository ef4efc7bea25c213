import { Avatar, Table, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { RankBoard, RankItem, RankList } from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { fillAvatar } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useRankList } from '../api';
import { BOARD_PATHS, BOARD_TABS, boardDefinition, boardUnit, formatBoardValue, movementOf } from '../logic';
import { AsOf, usePageLanguage } from './influence-index-view';
import './influence.css';

/** Rows of a board per page. */
export const RANK_PAGE_SIZE = 20;

/**
 * A movement since the day before: an arrow AND words (never colour alone, DESIGN.md): "↑ 2" read as "up 2", "↓ 1",
 * "–" for the same place, a "new" tag for an author who was not on the board.
 */
export function MovementMark({ movement }: { movement: number | null }) {
  const { t } = useTranslation();
  const m = movementOf(movement);
  if (m.kind === 'new') {
    return (
      <Tag color="blue" aria-label={t('influence.rank.movement.new')} data-testid="rank-movement">
        {t('influence.rank.newTag')}
      </Tag>
    );
  }
  if (m.kind === 'same') {
    return (
      <span
        className="cc-rank-move"
        role="img"
        aria-label={t('influence.rank.movement.same')}
        data-testid="rank-movement"
      >
        <MinusOutlined aria-hidden />
      </span>
    );
  }
  const up = m.kind === 'up';
  return (
    <span
      className={`cc-rank-move ${up ? 'cc-rank-up' : 'cc-rank-down'}`}
      role="img"
      aria-label={t(`influence.rank.movement.${m.kind}`, { n: m.places })}
      data-testid="rank-movement"
    >
      {up ? <ArrowUpOutlined aria-hidden /> : <ArrowDownOutlined aria-hidden />}
      <span style={tabularNums}>{m.places}</span>
    </span>
  );
}

/**
 * One daily ranking (`rank`, `rank/carBuyingInfluenceRank`, `rank/leaderRank`, `rank/videoRank`, `exponent/hotRank`,
 * `exponent/popularRank`, `exponent/safeRank`; issue #12, docs/api.md "Influence index and rankings"): tabs between
 * the boards (each its own page), the board's definition, the author's own place pinned above the list, then the
 * board by place with each author's movement since the day before, the day ranked and the time it was computed.
 * The page number is the caller's (the query string).
 */
export function RankBoardView({
  board,
  page,
  onPageChange,
}: {
  board: RankBoard;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const list = useRankList(board, page, RANK_PAGE_SIZE);
  let body;
  if (list.isPending) body = <LoadingState rows={8} />;
  else if (list.isError) body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.day === null) body = <EmptyState description={t('influence.rank.notComputed')} />;
  else
    body = <BoardBody board={board} data={list.data} onPageChange={onPageChange} loading={list.isFetching} />;
  return (
    <div className="cc-influence-page">
      <section className="cc-card" aria-labelledby="rank-title">
        <div className="cc-influence-head">
          <h1 className="cc-page-title" id="rank-title">
            {t(`influence.rank.boards.${board}`)}
          </h1>
          <Link to="/exponent">{t('influence.rank.toIndex')}</Link>
        </div>
        <Tabs
          activeKey={board}
          onChange={(key) => void navigate(`/${BOARD_PATHS[key as RankBoard]}`)}
          items={BOARD_TABS.map((b) => ({ key: b, label: t(`influence.rank.boards.${b}`) }))}
          aria-label={t('influence.rank.tabs')}
          data-testid="rank-tabs"
        />
        <Typography.Paragraph type="secondary" data-testid="rank-definition" style={{ marginBottom: 0 }}>
          {boardDefinition(board, lang)}
        </Typography.Paragraph>
      </section>
      {body}
    </div>
  );
}

function BoardBody({
  board,
  data,
  loading,
  onPageChange,
}: {
  board: RankBoard;
  data: RankList;
  loading: boolean;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const unit = boardUnit(board);
  const value = (v: number) => formatBoardValue(unit, v, lang);
  const columns: TableColumnsType<RankItem> = [
    {
      title: t('influence.rank.place'),
      dataIndex: 'place',
      width: 80,
      render: (place: number) => (
        <span className={`cc-rank-place${place <= 3 ? ' cc-rank-top' : ''}`} style={tabularNums}>
          {place}
        </span>
      ),
    },
    {
      title: t('influence.rank.author'),
      key: 'author',
      render: (_, r) => (
        <span className="cc-rank-author">
          <Avatar size={32} src={r.avatarUrl ? fillAvatar(r.avatarUrl) : undefined} alt="">
            {r.mediaName.slice(0, 1)}
          </Avatar>
          <span data-testid="rank-author">{r.mediaName}</span>
        </span>
      ),
    },
    {
      title: t(`influence.rank.value.${board}`),
      dataIndex: 'value',
      align: 'right',
      width: 180,
      render: (v: number) => (
        <span style={tabularNums} title={String(v)} data-testid="rank-value">
          {value(v)}
        </span>
      ),
    },
    {
      title: t('influence.rank.movementTitle'),
      dataIndex: 'movement',
      align: 'center',
      width: 120,
      render: (m: number | null) => <MovementMark movement={m} />,
    },
  ];
  return (
    <>
      <section className="cc-card cc-rank-mine" aria-label={t('influence.rank.mine')} data-testid="rank-mine">
        <div>
          <Typography.Text type="secondary">{t('influence.rank.mine')}</Typography.Text>
          {data.mine ? (
            <div className="cc-rank-mine-row">
              <span className="cc-influence-score-value" style={tabularNums} data-testid="rank-mine-place">
                {t('influence.rank.minePlace', { place: data.mine.place })}
              </span>
              <span style={tabularNums} data-testid="rank-mine-value">
                {t(`influence.rank.value.${board}`)} {value(data.mine.value)}
              </span>
              <MovementMark movement={data.mine.movement} />
            </div>
          ) : (
            <div>
              <div className="cc-rank-mine-none">{t('influence.rank.notOnBoard')}</div>
              <Typography.Text type="secondary">{t('influence.rank.notOnBoardHint')}</Typography.Text>
            </div>
          )}
        </div>
        <div className="cc-influence-score-meta">
          <Typography.Text>{t('influence.rank.day', { day: data.day })}</Typography.Text>
          <AsOf time={data.asOf} />
        </div>
      </section>
      <section className="cc-card" aria-label={t(`influence.rank.boards.${board}`)} data-testid="rank-list">
        {data.total === 0 ? (
          <EmptyState description={t('influence.rank.empty')} />
        ) : (
          <Table<RankItem>
            rowKey="authorId"
            columns={columns}
            dataSource={data.list}
            loading={loading}
            pagination={{
              current: data.page,
              pageSize: data.pageSize,
              total: data.total,
              showSizeChanger: false,
              showTotal: (total) => t('influence.rank.total', { total }),
              onChange: onPageChange,
            }}
          />
        )}
      </section>
    </>
  );
}
