import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AlbumList, ALBUM_STATUS_TABS, albumEditorPath, type AlbumStatusTab } from '../../features/album';
import { LinkButton } from '../../components/content-table';
import { useQueryState } from '../../lib/use-query-state';

/** `imageCollection?status=rejected&page=2` (main layout, spec §2): my image collections (issue #10). */
export default function ImageCollectionPage() {
  const { t } = useTranslation();
  const qs = useQueryState({ status: 'all', page: '1' });
  const status = (ALBUM_STATUS_TABS as readonly string[]).includes(qs.get('status'))
    ? (qs.get('status') as AlbumStatusTab)
    : 'all';
  const page = Math.max(1, Number(qs.get('page')) || 1);
  return (
    <section className="cc-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 className="cc-page-title">{t('album.page.list')}</h1>
        <LinkButton
          to={albumEditorPath()}
          type="primary"
          icon={<PlusOutlined />}
          data-testid="album-publish-link"
        >
          {t('album.page.publish')}
        </LinkButton>
      </div>
      <AlbumList status={status} page={page} onChange={(next) => qs.set(next)} />
    </section>
  );
}
