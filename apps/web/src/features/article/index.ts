export { ArticleEditor } from './components/article-editor';
export { ArticlePreview } from './components/article-preview';
export { useArticle } from './api/get-article';
export { usePublishArticle } from './api/publish-article';
export { validateArticle, ruleMessage } from './rules';
export {
  ARTICLE_HELPER_PATHS,
  ARTICLE_HELPERS,
  articleHelperHref,
  helperOfPath,
  type ArticleHelper,
} from './helpers';
