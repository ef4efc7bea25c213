export { OpsCouponsPanel } from './components/ops-coupons-panel';
export { GrowthBoostView } from './components/growth-boost-view';
export { MyPromotionView } from './components/my-promotion-view';
export { CouponDetailView } from './components/coupon-detail-view';
