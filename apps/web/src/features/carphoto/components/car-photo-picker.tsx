/** One official car picture chosen in the picker, with what an insertion must show beside it. */
export interface PickedCarPhoto {
  id: number;
  /** a `/media/` URL */
  url: string;
  /** pixels */
  width: number;
  height: number;
  seriesId: number;
  brandName: string;
  seriesName: string;
  tag: 'exterior' | 'interior' | 'detail';
  /** the credit line in the page's language, e.g. 图片来源：宝马官方 — inserted with the picture */
  attribution: string;
}

export interface CarPhotoPickerProps {
  open: boolean;
  onClose: () => void;
  /** the chosen pictures, in the order picked; the picker closes itself after */
  onPick: (photos: PickedCarPhoto[]) => void;
  /** more than one picture (articles, image collections); one for the poster editor */
  multiple?: boolean;
  /** series to open on (e.g. the work's tagged series) */
  initialSeriesId?: number;
}

/**
 * The car photo library picker (issue #15 "Car photo library"): search by brand and series, filter by
 * exterior/interior/detail, pick one or more official pictures. Used by the article editor, the image
 * collection editor and the poster editor.
 */
export function CarPhotoPicker(props: CarPhotoPickerProps) {
  void props;
  return null;
}
