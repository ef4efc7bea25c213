import { App, Button, Upload } from 'antd';
import { CarOutlined, InboxOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ALBUM_IMAGE_MIN_SIDE,
  ALBUM_IMAGES_MAX,
  IMAGE_MIME_TYPES,
  type ImageUploadResult,
} from '@cc/contracts';
import { checkImageFile, toUploadResult, uploadFailureText } from '../../../components/image-upload';
import { uploadImage } from '../../../lib/api-client';
import { CarPhotoPicker, type PickedCarPhoto } from '../../../components/car-photo-picker';

/** Uploads running at once; the rest wait their turn. */
const PARALLEL = 3;

export interface MultiImageUploadProps {
  /** how many more images the album takes (50 minus those it has and those uploading) */
  room: number;
  /** an upload started: show its card */
  onStart(key: string, name: string): void;
  onProgress(key: string, percent: number): void;
  /** an upload finished: the stored image (pixels as the server read them) */
  onDone(key: string, result: ImageUploadResult): void;
  /** an upload failed or was refused before sending: drop its card */
  onFail(key: string): void;
  disabled?: boolean;
  /**
   * pictures taken from the car photo library (issue #15): the author's own copies, each with its credit line;
   * when given, a "from the car photo library" button opens the picker (at most `room` pictures)
   */
  onLibraryPick?(photos: PickedCarPhoto[]): void;
}

let uploadCounter = 0;

/**
 * The drop area of an album's images (spec §2 upload area, API.md §8): several files at once, by click or drop.
 * Each file is checked before sending (JPEG, PNG, GIF, WebP, at most 20 MiB — the same check as every image
 * upload), files beyond the album's room are refused with a message, and at most three upload at once, each
 * reporting its percent.
 */
export function MultiImageUpload({
  room,
  onStart,
  onProgress,
  onDone,
  onFail,
  disabled,
  onLibraryPick,
}: MultiImageUploadProps) {
  const { t, i18n } = useTranslation();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const { message } = App.useApp();
  const running = useRef(0);
  const queue = useRef<(() => void)[]>([]);
  // files of one pick arrive one beforeUpload call at a time: count them against the room as they come
  const taken = useRef<{ batch: File[] | null; count: number }>({ batch: null, count: 0 });

  const runNext = () => {
    while (running.current < PARALLEL && queue.current.length > 0) {
      running.current += 1;
      queue.current.shift()!();
    }
  };

  const upload = async (file: File, key: string) => {
    try {
      const body = await uploadImage({ file, onProgress: (p) => onProgress(key, p) });
      onDone(key, toUploadResult(body));
    } catch (e) {
      onFail(key);
      void message.error(`${file.name}: ${uploadFailureText(e, t, i18n.exists.bind(i18n))}`);
    } finally {
      running.current -= 1;
      runNext();
    }
  };

  const handleFile = (file: File, batch: File[]) => {
    if (taken.current.batch !== batch) taken.current = { batch, count: 0 };
    const problem = checkImageFile(file);
    if (problem) {
      void message.error(`${file.name}: ${t(problem)}`);
      return;
    }
    if (taken.current.count >= room) {
      // one message for the files of a pick that do not fit
      if (taken.current.count === room)
        void message.warning(t('album.upload.tooMany', { max: ALBUM_IMAGES_MAX }));
      taken.current.count += 1;
      return;
    }
    taken.current.count += 1;
    uploadCounter += 1;
    const key = `upload-${uploadCounter}`;
    onStart(key, file.name);
    queue.current.push(() => void upload(file, key));
    runNext();
  };

  return (
    <div className="cc-album-upload">
      <Upload.Dragger
        accept={IMAGE_MIME_TYPES.join(',')}
        multiple
        showUploadList={false}
        disabled={disabled || room <= 0}
        beforeUpload={(file, batch) => {
          handleFile(file, batch);
          return Upload.LIST_IGNORE;
        }}
        data-testid="album-upload"
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">
          {room > 0 ? t('album.upload.drop') : t('album.upload.full', { max: ALBUM_IMAGES_MAX })}
        </p>
        <p className="ant-upload-hint">
          {t('album.upload.hint', { min: ALBUM_IMAGE_MIN_SIDE, max: ALBUM_IMAGES_MAX })}
        </p>
      </Upload.Dragger>
      {onLibraryPick ? (
        <>
          <Button
            className="cc-album-library"
            icon={<CarOutlined aria-hidden />}
            disabled={disabled || room <= 0}
            onClick={() => setLibraryOpen(true)}
            data-testid="album-carphoto"
          >
            {t('carphoto.picker.open')}
          </Button>
          <CarPhotoPicker
            open={libraryOpen}
            multiple
            max={room}
            onClose={() => setLibraryOpen(false)}
            onPick={onLibraryPick}
          />
        </>
      ) : null}
    </div>
  );
}
