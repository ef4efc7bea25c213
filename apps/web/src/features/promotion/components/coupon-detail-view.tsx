import { Button, Descriptions, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/states';
import { isApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useQueryState } from '../../../lib/use-query-state';
import { useCouponDetail } from '../api';
import { yuan } from '../logic';
import { CouponSource, CouponStateTag } from './growth-boost-view';
import './promotion.css';

/**
 * `/growthInterest/couponDetail?id=` (spec §2, issue #14): one of my coupons — value, minimum spend, expiry, where
 * it came from, its state — and the promotion it paid, or a way to use it.
 */
export function CouponDetailView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qs = useQueryState({ id: '' });
  const id = Number(qs.get('id')) || undefined;
  const coupon = useCouponDetail(id);
  let body;
  if (id === undefined || (coupon.isError && isApiError(coupon.error, 10006, 10007)))
    body = (
      <Result
        status="404"
        title={t('promotion.couponDetail.notFound')}
        extra={
          <Button type="primary" onClick={() => void navigate('/growthInterest/growthBoost')}>
            {t('promotion.couponDetail.back')}
          </Button>
        }
      />
    );
  else if (coupon.isPending) body = <LoadingState rows={6} />;
  else if (coupon.isError) body = <ErrorState error={coupon.error} onRetry={() => void coupon.refetch()} />;
  else {
    const c = coupon.data;
    body = (
      <>
        <div className="cc-coupon-hero">
          <span className="cc-coupon-value" style={tabularNums} data-testid="coupon-value">
            {t('promotion.yuanValue', { value: yuan(c.valueFen) })}
          </span>
          <CouponStateTag state={c.state} />
        </div>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('promotion.couponDetail.minSpend')}>
            {c.minSpendFen > 0
              ? t('promotion.coupon.minSpend', { min: yuan(c.minSpendFen) })
              : t('promotion.coupon.noMinSpend')}
          </Descriptions.Item>
          <Descriptions.Item label={t('promotion.couponDetail.expiresAt')}>
            {formatDate(c.expiresAt, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('promotion.couponDetail.source')}>
            <CouponSource c={c} />
          </Descriptions.Item>
          <Descriptions.Item label={t('promotion.couponDetail.grantedAt')}>
            {formatDate(c.createdAt, 'YYYY-MM-DD HH:mm')}
          </Descriptions.Item>
          <Descriptions.Item label={t('promotion.couponDetail.usage')}>
            {c.promotion ? (
              <span data-testid="coupon-promotion">
                {t('promotion.couponDetail.usedFor', {
                  at: c.usedAt ? formatDate(c.usedAt, 'YYYY-MM-DD HH:mm') : '',
                  title: c.promotion.contentTitle,
                  amount: yuan(c.promotion.couponFen),
                })}{' '}
                <Link to={`/growthInterest/myPromotion?id=${c.promotion.id}`}>
                  {t('promotion.couponDetail.seePromotion')}
                </Link>
              </span>
            ) : (
              t(`promotion.couponDetail.unused.${c.state}`)
            )}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
          {t('promotion.couponDetail.rules')}
        </Typography.Paragraph>
        {c.state === 'available' ? (
          <Button
            type="primary"
            onClick={() => void navigate(`/growthInterest/growthBoost?couponId=${c.id}`)}
          >
            {t('promotion.coupon.use')}
          </Button>
        ) : null}
      </>
    );
  }
  return (
    <section className="cc-card" aria-labelledby="coupon-title">
      <div className="cc-promotion-head">
        <h1 className="cc-page-title" id="coupon-title">
          {t('promotion.couponDetail.title')}
        </h1>
        <Link to="/growthInterest/growthBoost">{t('promotion.couponDetail.back')}</Link>
      </div>
      {body}
    </section>
  );
}
