import { NewDynamicPage } from './new-dynamic';

/** `/newDynamic/oldDynamic?page=N`: my published dynamics, view `old` (issue #10). */
export default function NewDynamicOldPage() {
  return <NewDynamicPage view="old" />;
}
