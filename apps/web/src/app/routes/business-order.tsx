import { BusinessOrders } from '../../features/business';

/** `/businessOrder` (spec §2, issue #14): the author's business orders, limits and wallet. */
export default function BusinessOrderRoute() {
  return <BusinessOrders />;
}
