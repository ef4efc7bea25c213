import { useTranslation } from 'react-i18next';
import type { Metrics } from '@cc/contracts';
import { formatRate, useFormatCount } from '../../../lib/format';
import { type AnalyseScope, type FunnelStep, funnelSteps } from '../logic';
import { useMetricName } from './parts';

/**
 * The reach → engagement funnel of a scope's metrics: impressions → views (plays for videos) → likes + favorites
 * + shares, each step a bar as wide as its share of the widest step, with the conversion from the step before.
 * Drawn in HTML (a list), so it reads the same to a screen reader.
 */
export function Funnel({ metrics, scope }: { metrics: Metrics; scope: AnalyseScope }) {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const metricName = useMetricName();
  const steps = funnelSteps(metrics, scope);
  const widest = Math.max(1, ...steps.map((s) => s.value));
  const label = (step: FunnelStep) =>
    step.key === 'engagement' ? t('fans.analyse.funnel.engagement') : metricName(step.key);
  return (
    <ol className="cc-funnel" data-testid="funnel">
      {steps.map((step, i) => (
        <li key={step.key} className="cc-funnel-step" data-testid={`funnel-${step.key}`}>
          {i > 0 ? (
            <div className="cc-funnel-rate" data-testid={`funnel-rate-${step.key}`}>
              {step.rate === null
                ? t('fans.analyse.funnel.noRate')
                : t('fans.analyse.funnel.rate', { rate: formatRate(step.rate) })}
            </div>
          ) : null}
          <div className="cc-funnel-row">
            <span className="cc-funnel-label">{label(step)}</span>
            <div className="cc-funnel-track">
              <div
                className="cc-funnel-bar"
                style={{ width: `${Math.max(2, (step.value / widest) * 100)}%`, opacity: 1 - i * 0.22 }}
              />
            </div>
            <span className="cc-funnel-value cc-tabular" title={String(step.value)}>
              {formatCount(step.value)}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
