import { Button, Modal, Segmented, Slider, Space, Typography } from 'antd';
import Cropper from 'react-easy-crop';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COVER_ASPECTS, cropToBlob, type CropAspect, type PixelArea } from './crop';

export interface CropRequest {
  file: File;
  resolve: (blob: File | null) => void;
}

/**
 * The crop dialog (react-easy-crop): aspect 4:3 or 3:4 (or the caller's `aspects`, e.g. 16:9 for video
 * covers), zoom, drag. Confirm crops on a canvas and
 * resolves the request with the cropped File; cancel resolves null.
 */
export function CropDialog({
  request,
  onClose,
  aspects = COVER_ASPECTS,
  title,
}: {
  request: CropRequest | null;
  onClose: () => void;
  /** the aspect choices (default 4:3 and 3:4, the article covers); the first is preselected */
  aspects?: readonly CropAspect[];
  /** the dialog's title (default "crop cover") */
  title?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={Boolean(request)}
      title={title ?? t('article.cropTitle')}
      footer={null}
      onCancel={() => {
        request?.resolve(null);
        onClose();
      }}
      width={640}
      destroyOnHidden
    >
      {/* keyed by the request so every file starts with fresh crop state */}
      {request ? (
        <CropBody
          key={request.file.name + request.file.size + request.file.lastModified}
          request={request}
          onClose={onClose}
          aspects={aspects}
        />
      ) : null}
    </Modal>
  );
}

function CropBody({
  request,
  onClose,
  aspects,
}: {
  request: CropRequest;
  onClose: () => void;
  aspects: readonly CropAspect[];
}) {
  const { t } = useTranslation();
  const [src] = useState(() => URL.createObjectURL(request.file));
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspect, setAspect] = useState<string>(aspects[0]!.key);
  const [busy, setBusy] = useState(false);
  const area = useRef<PixelArea | null>(null);

  useEffect(() => () => URL.revokeObjectURL(src), [src]);

  const handleComplete = useCallback((_: unknown, pixels: PixelArea) => {
    area.current = pixels;
  }, []);

  const finish = (file: File | null) => {
    request.resolve(file);
    onClose();
  };

  const handleOk = async () => {
    if (!area.current) return;
    setBusy(true);
    try {
      const blob = await cropToBlob(src, area.current, request.file.type);
      const ext = blob.type === 'image/jpeg' ? 'jpg' : 'png';
      const base = request.file.name.replace(/\.[^.]+$/, '') || 'cover';
      finish(new File([blob], `${base}-cropped.${ext}`, { type: blob.type }));
    } finally {
      setBusy(false);
    }
  };

  const aspectValue = (aspects.find((a) => a.key === aspect) ?? aspects[0]!).value;
  return (
    <>
      <div className="cc-crop-area">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={aspectValue}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={handleComplete}
        />
      </div>
      <Space style={{ marginTop: 16, width: '100%' }} size={24} wrap>
        <Space>
          <Typography.Text>{t('article.aspect')}</Typography.Text>
          <Segmented
            aria-label={t('article.aspect')}
            value={aspect}
            onChange={(v) => setAspect(String(v))}
            options={aspects.map((a) => ({ value: a.key, label: a.key }))}
          />
        </Space>
        <Space style={{ minWidth: 260 }}>
          <Typography.Text>{t('article.zoom')}</Typography.Text>
          <Slider
            style={{ width: 200 }}
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={setZoom}
            aria-label={t('article.zoom')}
          />
        </Space>
      </Space>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={() => finish(null)}>{t('common.cancel')}</Button>
        <Button type="primary" loading={busy} onClick={() => void handleOk()}>
          {t('article.cropConfirm')}
        </Button>
      </div>
    </>
  );
}

/** Promise-style access to one CropDialog: `await crop(file)` → the cropped File or null. */
export function useCropDialog(aspects?: readonly CropAspect[], title?: string) {
  const [request, setRequest] = useState<CropRequest | null>(null);
  const crop = useCallback(
    (file: File) => new Promise<File | null>((resolve) => setRequest({ file, resolve })),
    [],
  );
  const element = (
    <CropDialog request={request} onClose={() => setRequest(null)} aspects={aspects} title={title} />
  );
  return { crop, element };
}
