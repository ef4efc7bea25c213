import { VideoEditorPage } from './video-editor-page';

/** `/videos/video` (only-header layout): publish a video; `?id=N` edits one. */
export default function VideoPublishPage() {
  return <VideoEditorPage use="video" />;
}
