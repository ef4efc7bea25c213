import { VideoEditorPage } from './video-editor-page';

/** `/smallVideo/indexv` (only-header layout): publish a vertical short video; `?id=N` edits one. */
export default function SmallVideoPublishPage() {
  return <VideoEditorPage use="smallVideo" />;
}
