export { BusinessOrders } from './components/business-orders';
export { BusinessOrderDetail } from './components/order-detail';
export { OpsOrdersPanel } from './components/ops-orders-panel';
export { useOrderSummary } from './api/business-api';
export { positiveId } from './logic';
