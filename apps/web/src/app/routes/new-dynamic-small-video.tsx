import { NewDynamicPage } from './new-dynamic';

/** `/newDynamic/smallVideo?page=N`: my published dynamics, view `smallVideo` (issue #10). */
export default function NewDynamicSmallVideoPage() {
  return <NewDynamicPage view="smallVideo" />;
}
