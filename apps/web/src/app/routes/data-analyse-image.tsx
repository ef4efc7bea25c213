import { DataAnalyseRoute } from './data-analyse-page';

/** `/manage/dataAnalyse/imageAnalyse` (spec §2): data analysis of articles and albums. */
export default function ImageAnalysePage() {
  return <DataAnalyseRoute scope="image" />;
}
