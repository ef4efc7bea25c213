import { Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { BigNumber } from '../../../components/big-number';
import { ErrorState, LoadingState } from '../../../components/states';
import { useFansCount } from '../api/fans-api';
import { DataCard } from '../../../components/data-card';

/** Total fans and yesterday's gained/lost (`fans/count`), 万 rule, with the time they were counted. */
export function FansCount() {
  const { t } = useTranslation();
  const count = useFansCount();
  const body = count.isPending ? (
    <LoadingState rows={2} />
  ) : count.isError ? (
    <ErrorState error={count.error} onRetry={() => void count.refetch()} />
  ) : (
    <Row gutter={[16, 16]} data-testid="fans-count">
      {(['total', 'gainedYesterday', 'lostYesterday'] as const).map((key) => (
        <Col span={8} key={key} data-testid={`fans-count-${key}`}>
          <BigNumber label={t(`fans.count.${key}`)} value={count.data[key]} />
        </Col>
      ))}
    </Row>
  );
  return (
    <DataCard title={t('fans.count.title')} asOf={count.data?.asOf}>
      {body}
    </DataCard>
  );
}
