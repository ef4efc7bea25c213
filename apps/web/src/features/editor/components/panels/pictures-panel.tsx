import { useState } from 'react';
import { Button, Typography } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CarPhotoPicker } from '../../../../components/car-photo-picker';

import { insertCarPhoto } from './car-photo-insert';
import type { PanelProps } from './panel-props';
import { MyImagesGrid } from './my-images-grid';

/**
 * Picture (spec §2): the author's uploaded images and new uploads, inserted on click; and official pictures from
 * the car photo library (issue #15), inserted with their credit as a small text element below the picture.
 */
export function PicturesPanel({ editor, run }: PanelProps) {
  const { t } = useTranslation();
  const [libraryOpen, setLibraryOpen] = useState(false);
  return (
    <>
      <MyImagesGrid
        pickLabel={t('editor.cmd.insertImage')}
        onPick={(url) => void run('insert.image', { url })}
      />
      <section className="cc-carphoto-poster" aria-label={t('carphoto.poster.heading')}>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 8 }}>
          {t('carphoto.poster.hint')}
        </Typography.Text>
        <Button
          block
          icon={<CarOutlined aria-hidden />}
          onClick={() => setLibraryOpen(true)}
          data-testid="poster-carphoto"
        >
          {t('carphoto.picker.open')}
        </Button>
      </section>
      <CarPhotoPicker
        open={libraryOpen}
        onClose={() => setLibraryOpen(false)}
        onPick={(photos) => {
          const photo = photos[0];
          if (photo) void insertCarPhoto(run, editor.getSize(), photo);
        }}
      />
    </>
  );
}
