import { GrowthBoostView } from '../../features/promotion';

/** `/growthInterest/growthBoost` (spec §2, issue #14): promote a work, my coupons. */
export default function GrowthBoostRoute() {
  return <GrowthBoostView />;
}
