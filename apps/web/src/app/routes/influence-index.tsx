import { InfluenceIndexView } from '../../features/influence';

/**
 * `/exponent` and `/manage/influenceIndex` (spec §2, issue #12): the author's influence index — the same page in
 * the index area and in the data menu.
 */
export default function InfluenceIndexPage() {
  return <InfluenceIndexView />;
}
