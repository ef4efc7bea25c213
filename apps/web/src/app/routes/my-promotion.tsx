import { MyPromotionView } from '../../features/promotion';

/** `/growthInterest/myPromotion` (spec §2, issue #14): my promotions, delivery, cost, promoted vs natural. */
export default function MyPromotionRoute() {
  return <MyPromotionView />;
}
