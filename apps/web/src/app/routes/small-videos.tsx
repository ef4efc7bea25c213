import { VideoListPage } from './video-list-page';

/** `/smallVideo?page=N`: my short videos. */
export default function SmallVideosPage() {
  return <VideoListPage use="smallVideo" />;
}
