import { VideoListPage } from './video-list-page';

/** `/videos?page=N`: my videos. */
export default function VideosPage() {
  return <VideoListPage use="video" />;
}
