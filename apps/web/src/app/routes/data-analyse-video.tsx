import { DataAnalyseRoute } from './data-analyse-page';

/** `/manage/dataAnalyse/videoAnalyse` (spec §2): data analysis of videos and small videos. */
export default function VideoAnalysePage() {
  return <DataAnalyseRoute scope="video" />;
}
