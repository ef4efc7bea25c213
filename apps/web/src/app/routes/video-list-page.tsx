import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UploadUse } from '@cc/contracts';
import { editorPath, VideoList } from '../../features/video';
import { useQueryState } from '../../lib/use-query-state';

/** The author's videos or short videos (main layout); the page number lives in the query string. */
export function VideoListPage({ use }: { use: UploadUse }) {
  const { t } = useTranslation();
  const qs = useQueryState({ page: '1' });
  const page = Math.max(1, Number(qs.get('page')) || 1);
  return (
    <section className="cc-card">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <h1 className="cc-page-title">{t(use === 'video' ? 'video.list.title' : 'video.list.titleSmall')}</h1>
        <Link to={editorPath(use)}>
          <Button type="primary" icon={<PlusOutlined />}>
            {t(use === 'video' ? 'video.list.upload' : 'video.list.uploadSmall')}
          </Button>
        </Link>
      </div>
      <VideoList use={use} page={page} onPageChange={(p) => qs.set({ page: String(p) })} />
    </section>
  );
}
