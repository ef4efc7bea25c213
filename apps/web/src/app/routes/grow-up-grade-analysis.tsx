import { GradeAnalysisView } from '../../features/growth';

/** `/growUp/gradeAnalysis` (spec §2, issue #14 "Grades"): what moved the points and what would raise them. */
export default function GrowUpGradeAnalysisRoute() {
  return <GradeAnalysisView />;
}
