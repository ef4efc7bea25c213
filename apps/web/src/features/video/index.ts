export { VideoForm } from './components/video-form';
export { VideoList, VIDEO_LIST_PAGE_SIZE } from './components/video-list';
export { VideoUploader, type ExistingUpload } from './components/video-uploader';
export type { UploadedVideo } from './logic';
export { DotsEditor } from './components/dots-editor';
export { DotPlayer } from './components/dot-player';
export { useVideoDetail, useDurationPermission, usePublishVideo, useSaveVideoDots } from './api/video-api';
export { editorPath, VIDEO_ROUTES } from './logic';
