import { NewDynamicPage } from './new-dynamic';

/** `/newDynamic/community?page=N`: my published dynamics, view `community` (issue #10). */
export default function NewDynamicCommunityPage() {
  return <NewDynamicPage view="community" />;
}
