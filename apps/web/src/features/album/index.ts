export { AlbumForm } from './components/album-form';
export {
  AlbumList,
  ALBUM_LIST_PAGE_SIZE,
  ALBUM_STATUS_TABS,
  type AlbumStatusTab,
} from './components/album-list';
export { AlbumPreview } from './components/album-preview';
export { useAlbumDetail, usePublishAlbum } from './api/album-api';
export { ALBUM_ROUTES, albumEditorPath } from './logic';
