import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArticlePreview } from '../../features/article';
import { NotFoundScreen } from '../../components/error-screens';

/** `/article/preview?id=N` (only-header): the article as readers see it. */
export default function ArticlePreviewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id < 1) return <NotFoundScreen />;
  return (
    <section className="cc-card" style={{ maxWidth: 960, margin: '0 auto' }}>
      <Link to={`/article?id=${id}`}>
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0 }}>
          {t('preview.backToEdit')}
        </Button>
      </Link>
      <ArticlePreview id={id} />
    </section>
  );
}
