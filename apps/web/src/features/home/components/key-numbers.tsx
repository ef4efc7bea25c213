import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { BigNumber } from '../../../components/big-number';
import { ErrorState, LoadingState } from '../../../components/states';
import { useHomeOverview } from '../api/get-home-overview';

/** The home page's key numbers (HomeOverview), 万 rule and tabular figures. */
export function KeyNumbers() {
  const { t } = useTranslation();
  const overview = useHomeOverview();
  if (overview.isPending) return <LoadingState rows={2} />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  const o = overview.data;
  const items = [
    { key: 'fans', value: o.fans },
    { key: 'totalViews', value: o.totalViews },
    { key: 'totalLikes', value: o.totalLikes },
    { key: 'contentCount', value: o.contentCount },
    { key: 'yesterdayViews', value: o.yesterdayViews },
    { key: 'yesterdayFans', value: o.yesterdayFans },
  ] as const;
  return (
    <Row gutter={[16, 16]}>
      {items.map((i) => (
        <Col span={8} key={i.key}>
          <BigNumber label={t(`home.${i.key}`)} value={i.value} />
        </Col>
      ))}
    </Row>
  );
}
