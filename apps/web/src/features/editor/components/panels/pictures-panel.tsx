import { useTranslation } from 'react-i18next';
import type { PanelProps } from './panel-props';
import { MyImagesGrid } from './my-images-grid';

/** Picture (spec §2): the author's uploaded images and new uploads, inserted on click. */
export function PicturesPanel({ run }: PanelProps) {
  const { t } = useTranslation();
  return (
    <MyImagesGrid
      pickLabel={t('editor.cmd.insertImage')}
      onPick={(url) => void run('insert.image', { url })}
    />
  );
}
