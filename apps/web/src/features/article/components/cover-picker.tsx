import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, SwapOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload';
import { useCropDialog } from '../../../components/crop-dialog';

/**
 * The cover: chosen with the image upload widget, cropped in the crop dialog (4:3 or 3:4) on a canvas,
 * and the cropped image uploaded (progress shown by the widget). Shows a 210 × 140 preview (spec §2).
 */
export function CoverPicker({
  value,
  onChange,
  error,
}: {
  value: string | undefined;
  onChange: (url: string | undefined) => void;
  /** the refusal shown under the cover (text, and its rule link when it has one) */
  error?: ReactNode;
}) {
  const { t } = useTranslation();
  const { crop, element } = useCropDialog();
  return (
    <div>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8, fontSize: 12 }}>
        {t('article.coverHint')}
      </Typography.Text>
      {value ? (
        <Space align="end" size={16}>
          <img
            className="cc-upload-preview"
            src={value}
            alt={t('article.cover')}
            data-testid="cover-preview"
          />
          <Space orientation="vertical">
            <ImageUpload variant="button" transform={crop} onUploaded={(r) => onChange(r.url)}>
              <Button icon={<SwapOutlined />}>{t('article.changeCover')}</Button>
            </ImageUpload>
            <Button icon={<DeleteOutlined />} onClick={() => onChange(undefined)}>
              {t('article.removeCover')}
            </Button>
          </Space>
        </Space>
      ) : (
        <ImageUpload transform={crop} onUploaded={(r) => onChange(r.url)} />
      )}
      {error ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }}>
          {error}
        </Typography.Text>
      ) : null}
      {element}
    </div>
  );
}
