import { useState } from 'react';
import { App, Button, Spin, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EDITOR_THUMBNAIL_WIDTH, IMAGE_MIME_TYPES, imageUrlAtSize } from '@cc/contracts';
import { MY_IMAGES_KEY, uploadEditorImage, useMyImages } from '../../api/designs';

/**
 * The author's uploaded images (`media/my_images`) with an upload button (API.md §8). Used by the
 * picture panel (insert) and the background panel (background image).
 */
export function MyImagesGrid({ onPick, pickLabel }: { onPick: (url: string) => void; pickLabel: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [pageSize, setPageSize] = useState(24);
  const [uploading, setUploading] = useState(false);
  const images = useMyImages({ page: 1, pageSize });
  const upload = async (file: File) => {
    setUploading(true);
    try {
      const result = await uploadEditorImage(file, file.name);
      await qc.invalidateQueries({ queryKey: MY_IMAGES_KEY });
      onPick(result.url);
    } catch (e) {
      void message.error(
        t('editor.ui.uploadFailed', { message: e instanceof Error ? e.message : String(e) }),
      );
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="cc-stack">
      <Upload
        accept={IMAGE_MIME_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={(file) => {
          void upload(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading} block data-testid="picture-upload">
          {t('editor.ui.pictures.upload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" className="cc-hint">
        {t('editor.ui.pictures.formats')}
      </Typography.Text>
      <Typography.Title level={5} className="cc-panel-title">
        {t('editor.ui.pictures.mine')}
      </Typography.Title>
      {images.isPending ? (
        <Spin />
      ) : images.isError ? (
        <Button onClick={() => void images.refetch()}>{t('common.retry')}</Button>
      ) : images.data.list.length === 0 ? (
        <Typography.Text type="secondary">{t('editor.ui.pictures.empty')}</Typography.Text>
      ) : (
        <>
          <div className="cc-pic-grid">
            {images.data.list.map((img) => (
              <button
                key={img.key}
                type="button"
                className="cc-tile cc-pic"
                aria-label={`${pickLabel} ${img.width}×${img.height}`}
                onClick={() => onPick(img.url)}
              >
                <img src={imageUrlAtSize(img.url, EDITOR_THUMBNAIL_WIDTH, 0)} alt="" loading="lazy" />
              </button>
            ))}
          </div>
          {images.data.total > images.data.list.length ? (
            <Button block onClick={() => setPageSize((n) => Math.min(100, n + 24))}>
              {t('editor.ui.pictures.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
