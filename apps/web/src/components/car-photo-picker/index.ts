export {
  CarPhotoPicker,
  carPhotoName,
  type CarPhotoPickerProps,
  type PickedCarPhoto,
} from './car-photo-picker';
export { CARPHOTO_KEY, useCarPhotoSearch, useTakeCarPhotos } from './picker-api';
