export { ContentManager, type ContentFilters } from './components/content-manager';
