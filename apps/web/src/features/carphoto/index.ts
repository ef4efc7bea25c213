export { OpsCarPhotosPanel } from './components/ops-car-photos-panel';
export {
  CarPhotoPicker,
  type CarPhotoPickerProps,
  type PickedCarPhoto,
} from '../../components/car-photo-picker';
