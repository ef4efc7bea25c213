import { GradeRightsView } from '../../features/growth';

/** `/growUp/gradeRights` (spec §2, issue #14 "Grades"): each level's rights and where they are enforced. */
export default function GrowUpGradeRightsRoute() {
  return <GradeRightsView />;
}
