import { CouponDetailView } from '../../features/promotion';

/** `/growthInterest/couponDetail?id=` (spec §2, issue #14): one of my coupons. */
export default function CouponDetailRoute() {
  return <CouponDetailView />;
}
