import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Form,
  InputNumber,
  Pagination,
  Radio,
  Select,
  Space,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  AGE_BANDS,
  CN_REGIONS,
  COUPON_STATES,
  type CouponItem,
  type CouponState,
  PROMOTION_BUDGET_MAX_FEN,
  PROMOTION_BUDGET_MIN_FEN,
  PROMOTION_GOALS,
  PROMOTION_HOURS,
  type PromotionCreateInput,
  type PromotionGoal,
  type PromotionTargeting,
} from '@cc/contracts';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { ApiError, apiErrorText } from '../../../lib/api-client';
import { formatDate, useFormatCount } from '../../../lib/format';
import { tabularNums } from '../../../lib/theme';
import { useQueryState } from '../../../lib/use-query-state';
import { useCoupons, useCreatePromotion, usePublishedWorks, useWalletSummary } from '../api';
import { couponMisfit, paymentSplit, promotionEstimate, yuan, yuanToFen } from '../logic';
import './promotion.css';

/** The promote form's values (money in yuan as typed; the call takes fen). */
interface PromoteValues {
  contentId?: number;
  goal: PromotionGoal;
  hours: (typeof PROMOTION_HOURS)[number];
  budgetYuan: number | null;
  gender: 'all' | 'male' | 'female';
  ageBands: (typeof AGE_BANDS)[number][];
  regions: (typeof CN_REGIONS)[number][];
  couponId?: number;
}

const DEFAULTS: PromoteValues = {
  goal: 'views',
  hours: 24,
  budgetYuan: 100,
  gender: 'all',
  ageBands: [],
  regions: [],
};

/** Targeting as the call takes it: only the fields that narrow (none = every reader). */
function targetingOf(v: PromoteValues): PromotionTargeting {
  return {
    ...(v.gender === 'all' ? {} : { gender: v.gender }),
    ...(v.ageBands.length > 0 ? { ageBands: v.ageBands } : {}),
    ...(v.regions.length > 0 ? { regions: v.regions } : {}),
  };
}

/**
 * `/growthInterest/growthBoost` (spec §2, issue #14 "Coupons and promotion"; DOU+): promote a published work —
 * goal, duration, budget in yuan, targeting and a coupon that fits — with the price, the estimate and how the
 * coupon and the wallet pay shown before paying; and my coupons by state.
 */
export function GrowthBoostView() {
  const { t } = useTranslation();
  return (
    <div className="cc-promotion-page">
      <section className="cc-card" aria-labelledby="boost-title">
        <div className="cc-promotion-head">
          <h1 className="cc-page-title" id="boost-title">
            {t('promotion.boost.title')}
          </h1>
          <Link to="/growthInterest/myPromotion">{t('promotion.boost.toMine')}</Link>
        </div>
        <Typography.Paragraph type="secondary">{t('promotion.boost.intro')}</Typography.Paragraph>
      </section>
      <PromoteCard />
      <CouponsCard />
    </div>
  );
}

function PromoteCard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const qs = useQueryState({ couponId: '', contentId: '' });
  const formatCount = useFormatCount();
  const [form] = Form.useForm<PromoteValues>();
  const works = usePublishedWorks();
  const coupons = useCoupons('available', 1, 100);
  const wallet = useWalletSummary();
  const create = useCreatePromotion();
  // one key per intent: a retry after a lost answer is the same create (the server answers the first)
  const key = useRef(crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const values = Form.useWatch([], form) as PromoteValues | undefined;
  const v = { ...DEFAULTS, ...values };
  const now = useMemo(() => new Date(), []);

  // `?couponId=` / `?contentId=` (a coupon's "use it", a work's "promote"): preselected, also when the page is open
  const couponParam = Number(qs.get('couponId')) || undefined;
  const contentParam = Number(qs.get('contentId')) || undefined;
  const initialValues = { ...DEFAULTS, couponId: couponParam, contentId: contentParam };
  const formReady = works.isSuccess && works.data.list.length > 0;
  useEffect(() => {
    if (formReady && couponParam !== undefined) form.setFieldValue('couponId', couponParam);
  }, [couponParam, form, formReady]);

  const budgetFen = yuanToFen(v.budgetYuan);
  const coupon = coupons.data?.list.find((c) => c.id === v.couponId) ?? null;
  const misfit = coupon ? couponMisfit(coupon, budgetFen, now) : null;
  const split = paymentSplit(budgetFen ?? 0, coupon && !misfit ? coupon.valueFen : null);
  const estimate = promotionEstimate(v.goal, budgetFen);
  const balance = wallet.data?.balanceFen;
  const short = balance !== undefined && split.cashFen > balance ? split.cashFen - balance : 0;

  const handleSubmit = (values: PromoteValues) => {
    setFailure(null);
    const fen = yuanToFen(values.budgetYuan);
    if (values.contentId === undefined || fen === null) return;
    const param: PromotionCreateInput = {
      contentId: values.contentId,
      goal: values.goal,
      hours: values.hours,
      budgetFen: fen,
      targeting: targetingOf(values),
      key: key.current,
      ...(values.couponId !== undefined ? { couponId: values.couponId } : {}),
    };
    create.mutate(param, {
      onSuccess: (p) => {
        key.current = crypto.randomUUID();
        void message.success(t('promotion.form.started'));
        void navigate(`/growthInterest/myPromotion?id=${p.id}`);
      },
      onError: (e) => {
        const fields = e instanceof ApiError && e.status === 10007 ? fieldErrors(e.data) : [];
        const named = fields.filter((f) => FIELD_OF[f.path]);
        if (named.length > 0)
          form.setFields(named.map((f) => ({ name: FIELD_OF[f.path]!, errors: [f.message] })));
        else setFailure(apiErrorText(e, t, (k) => i18n.exists(k)));
      },
    });
  };

  let body;
  if (works.isPending) body = <LoadingState rows={6} />;
  else if (works.isError) body = <ErrorState error={works.error} onRetry={() => void works.refetch()} />;
  else if (works.data.list.length === 0)
    body = (
      <EmptyState
        description={t('promotion.form.noWorks')}
        action={
          <Button type="primary" onClick={() => void navigate('/article')}>
            {t('promotion.form.publishAction')}
          </Button>
        }
      />
    );
  else
    body = (
      <div className="cc-promotion-form">
        <Form<PromoteValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={handleSubmit}
          onValuesChange={() => setFailure(null)}
          className="cc-promotion-form-fields"
        >
          <Form.Item
            name="contentId"
            label={t('promotion.form.work')}
            rules={[{ required: true, message: t('promotion.form.workRequired') }]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('promotion.form.workPlaceholder')}
              data-testid="promote-work"
              options={works.data.list.map((w) => ({
                value: w.id,
                label: `${w.title} · ${t(`promotion.types.${w.type}`)}`,
              }))}
            />
          </Form.Item>
          <Form.Item name="goal" label={t('promotion.form.goal')} extra={t(`promotion.goalHint.${v.goal}`)}>
            <Radio.Group optionType="button" buttonStyle="solid">
              {PROMOTION_GOALS.map((g) => (
                <Radio.Button key={g} value={g}>
                  {t(`promotion.goals.${g}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item name="hours" label={t('promotion.form.hours')}>
            <Radio.Group optionType="button">
              {PROMOTION_HOURS.map((h) => (
                <Radio.Button key={h} value={h}>
                  {t('promotion.hoursValue', { count: h })}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="budgetYuan"
            label={t('promotion.form.budget')}
            extra={t('promotion.form.budgetHint', {
              min: yuan(PROMOTION_BUDGET_MIN_FEN),
              max: yuan(PROMOTION_BUDGET_MAX_FEN),
            })}
            rules={[
              { required: true, message: t('promotion.form.budgetRequired') },
              {
                type: 'number',
                min: PROMOTION_BUDGET_MIN_FEN / 100,
                max: PROMOTION_BUDGET_MAX_FEN / 100,
                message: t('promotion.form.budgetRange', {
                  min: yuan(PROMOTION_BUDGET_MIN_FEN),
                  max: yuan(PROMOTION_BUDGET_MAX_FEN),
                }),
              },
            ]}
          >
            <InputNumber
              min={0}
              precision={2}
              step={10}
              addonAfter={t('promotion.yuanUnit')}
              style={{ width: 220 }}
              aria-label={t('promotion.form.budget')}
              data-testid="promote-budget"
            />
          </Form.Item>
          <fieldset className="cc-promotion-targeting">
            <legend>{t('promotion.form.targeting')}</legend>
            <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
              {t('promotion.form.targetingHint')}
            </Typography.Paragraph>
            <Form.Item name="gender" label={t('promotion.form.gender')}>
              <Radio.Group>
                <Radio value="all">{t('promotion.form.everyone')}</Radio>
                <Radio value="male">{t('fans.genders.male')}</Radio>
                <Radio value="female">{t('fans.genders.female')}</Radio>
              </Radio.Group>
            </Form.Item>
            <Form.Item name="ageBands" label={t('promotion.form.ageBands')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('promotion.form.everyone')}
                aria-label={t('promotion.form.ageBands')}
                options={AGE_BANDS.filter((b) => b !== 'unknown').map((b) => ({
                  value: b,
                  label: t(`fans.ageBands.${b}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="regions" label={t('promotion.form.regions')}>
              <Select
                mode="multiple"
                allowClear
                optionFilterProp="label"
                placeholder={t('promotion.form.everyone')}
                aria-label={t('promotion.form.regions')}
                options={CN_REGIONS.map((r) => ({ value: r, label: t(`fans.regions.${r}`) }))}
              />
            </Form.Item>
          </fieldset>
          <Form.Item
            name="couponId"
            label={t('promotion.form.coupon')}
            extra={coupons.data?.list.length === 0 ? t('promotion.form.noCoupons') : undefined}
            validateStatus={misfit ? 'error' : undefined}
            help={
              misfit
                ? t(`promotion.misfit.${misfit}`, { min: coupon ? yuan(coupon.minSpendFen) : '' })
                : undefined
            }
          >
            <Select
              allowClear
              placeholder={t('promotion.form.couponNone')}
              aria-label={t('promotion.form.coupon')}
              data-testid="promote-coupon"
              loading={coupons.isPending}
              options={(coupons.data?.list ?? []).map((c) => {
                const why = couponMisfit(c, budgetFen, now);
                return {
                  value: c.id,
                  disabled: why !== null && c.id !== v.couponId,
                  label: `${t('promotion.coupon.name', { value: yuan(c.valueFen), min: yuan(c.minSpendFen) })}${
                    why ? ` (${t(`promotion.misfit.${why}`, { min: yuan(c.minSpendFen) })})` : ''
                  }`,
                };
              })}
            />
          </Form.Item>
          {failure ? (
            <Alert
              type="error"
              showIcon
              message={failure}
              style={{ marginBottom: 16 }}
              data-testid="promote-error"
            />
          ) : null}
          <Button
            type="primary"
            htmlType="submit"
            loading={create.isPending}
            disabled={short > 0 || misfit !== null}
            data-testid="promote-submit"
          >
            {t('promotion.form.submit', { amount: yuan(split.cashFen) })}
          </Button>
        </Form>
        <aside
          className="cc-promotion-summary"
          aria-labelledby="promote-summary"
          data-testid="promote-summary"
        >
          <h2 className="cc-section-title" id="promote-summary">
            {t('promotion.summary.title')}
          </h2>
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t(`promotion.summary.price.${v.goal}`)}>
              <span style={tabularNums}>
                {t('promotion.yuanValue', { value: yuan(estimate.unitPriceFen) })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('promotion.summary.estimate')}>
              <span style={tabularNums} data-testid="promote-estimate">
                {t(`promotion.summary.units.${v.goal}`, {
                  count: estimate.units,
                  value: formatCount(estimate.units),
                })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('promotion.summary.couponPays')}>
              <span style={tabularNums}>{t('promotion.yuanValue', { value: yuan(split.couponFen) })}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('promotion.summary.walletPays')}>
              <span style={tabularNums} data-testid="promote-cash">
                {t('promotion.yuanValue', { value: yuan(split.cashFen) })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('promotion.summary.balance')}>
              <span style={tabularNums} data-testid="promote-balance">
                {balance === undefined
                  ? wallet.isError
                    ? t('promotion.summary.balanceUnknown')
                    : '…'
                  : t('promotion.yuanValue', { value: yuan(balance) })}
              </span>
            </Descriptions.Item>
          </Descriptions>
          {short > 0 ? (
            <Alert
              type="warning"
              showIcon
              message={t('promotion.summary.short', { amount: yuan(short) })}
              data-testid="promote-short"
            />
          ) : null}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 12 }}>
            {t('promotion.summary.rules')}
          </Typography.Paragraph>
        </aside>
      </div>
    );
  return (
    <section className="cc-card" aria-labelledby="promote-title">
      <h2 className="cc-section-title" id="promote-title">
        {t('promotion.form.title')}
      </h2>
      {body}
    </section>
  );
}

/** Server field paths of the create call → the form's fields. */
const FIELD_OF: Record<string, keyof PromoteValues> = {
  contentId: 'contentId',
  goal: 'goal',
  hours: 'hours',
  budgetFen: 'budgetYuan',
  couponId: 'couponId',
};

function fieldErrors(data: unknown): { path: string; message: string }[] {
  if (!data || typeof data !== 'object' || !('fields' in data) || !Array.isArray(data.fields)) return [];
  return (data.fields as { path?: unknown; message?: unknown }[]).flatMap((f) =>
    typeof f.path === 'string' && typeof f.message === 'string' ? [{ path: f.path, message: f.message }] : [],
  );
}

/** A coupon's state as a tag with its word (never colour alone). */
export function CouponStateTag({ state }: { state: CouponState }) {
  const { t } = useTranslation();
  const color = state === 'available' ? 'blue' : 'default';
  return <Tag color={color}>{t(`promotion.couponStates.${state}`)}</Tag>;
}

/** Where a coupon came from, in words (with the operator's note). */
export function CouponSource({ c }: { c: Pick<CouponItem, 'source' | 'note'> }) {
  const { t } = useTranslation();
  return (
    <>{c.note ? `${t(`promotion.sources.${c.source}`)} · ${c.note}` : t(`promotion.sources.${c.source}`)}</>
  );
}

function CouponsCard() {
  const { t } = useTranslation();
  const qs = useQueryState({ coupons: 'available', couponId: '', contentId: '' });
  const state = COUPON_STATES.find((s) => s === qs.get('coupons')) ?? 'available';
  return (
    <section className="cc-card" aria-labelledby="coupons-title" data-testid="coupons-card">
      <h2 className="cc-section-title" id="coupons-title">
        {t('promotion.coupons.title')}
      </h2>
      <Tabs
        activeKey={state}
        onChange={(key) => qs.set({ coupons: key }, { replace: true })}
        items={COUPON_STATES.map((s) => ({
          key: s,
          label: t(`promotion.couponStates.${s}`),
          children: s === state ? <CouponList state={s} /> : null,
        }))}
      />
    </section>
  );
}

function CouponList({ state }: { state: CouponState }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const coupons = useCoupons(state, page, 10);
  if (coupons.isPending) return <LoadingState rows={3} />;
  if (coupons.isError) return <ErrorState error={coupons.error} onRetry={() => void coupons.refetch()} />;
  if (coupons.data.list.length === 0)
    return <EmptyState description={t(`promotion.coupons.empty.${state}`)} />;
  return (
    <>
      <ul className="cc-coupon-list">
        {coupons.data.list.map((c) => (
          <li key={c.id} className={`cc-coupon cc-coupon-${c.state}`} data-testid="coupon-item">
            <div className="cc-coupon-value" style={tabularNums}>
              {t('promotion.yuanValue', { value: yuan(c.valueFen) })}
            </div>
            <div className="cc-coupon-body">
              <Typography.Text strong>
                {c.minSpendFen > 0
                  ? t('promotion.coupon.minSpend', { min: yuan(c.minSpendFen) })
                  : t('promotion.coupon.noMinSpend')}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('promotion.coupon.expires', { at: formatDate(c.expiresAt, 'YYYY-MM-DD HH:mm') })} ·{' '}
                <CouponSource c={c} />
              </Typography.Text>
            </div>
            <Space className="cc-coupon-actions">
              <CouponStateTag state={c.state} />
              <Link
                to={`/growthInterest/couponDetail?id=${c.id}`}
                aria-label={t('promotion.coupon.detailAria', { value: yuan(c.valueFen) })}
              >
                {t('promotion.coupon.detail')}
              </Link>
              {c.state === 'available' ? (
                <Link to={`/growthInterest/growthBoost?couponId=${c.id}`}>{t('promotion.coupon.use')}</Link>
              ) : null}
            </Space>
          </li>
        ))}
      </ul>
      <Pagination
        size="small"
        hideOnSinglePage
        current={page}
        pageSize={coupons.data.pageSize}
        total={coupons.data.total}
        onChange={setPage}
        style={{ marginTop: 12 }}
      />
    </>
  );
}
