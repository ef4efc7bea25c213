import { MyGradeView } from '../../features/growth';

/** `/growUp/myGrade` (spec §2, issue #14 "Grades"): grade, growth points, progress, rights now and history. */
export default function GrowUpMyGradeRoute() {
  return <MyGradeView />;
}
