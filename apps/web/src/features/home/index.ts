export { AuthorCard } from './components/author-card';
export { QuickEntries } from './components/quick-entries';
export { useHomeOverview } from './api/get-home-overview';
