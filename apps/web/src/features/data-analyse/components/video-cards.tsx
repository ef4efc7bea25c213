import { Col, Row, Typography } from 'antd';
import type { Metrics } from '@cc/contracts';
import { useFormatMetric } from '../../../lib/format';
import { metricDefinition } from '../logic';
import { useMetricName } from './parts';

const VIDEO_METRICS = ['plays', 'watchMs', 'completionRate', 'exitRate3s'] as const;

/** The videos' plays, watch time, completion rate and 3-second exit rate (API.md §11), names from the contracts. */
export function VideoCards({ metrics }: { metrics: Metrics }) {
  const metricName = useMetricName();
  const formatMetric = useFormatMetric();
  return (
    <Row gutter={[16, 16]} data-testid="video-cards">
      {VIDEO_METRICS.map((key) => (
        <Col span={6} key={key} data-testid={`video-${key}`}>
          <div className="cc-big-number">
            <Typography.Text type="secondary">{metricName(key)}</Typography.Text>
            <div className="cc-big-number-value" title={String(metrics[key])}>
              {formatMetric(metricDefinition(key).unit, metrics[key])}
            </div>
          </div>
        </Col>
      ))}
    </Row>
  );
}
