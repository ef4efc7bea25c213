import { DataAnalyseRoute } from './data-analyse-page';

/** `/manage/dataAnalyse` (spec §2): data analysis of every work. */
export default function DataAnalysePage() {
  return <DataAnalyseRoute scope="all" />;
}
