export { AuthorCard } from './components/author-card';
export { KeyNumbers } from './components/key-numbers';
export { QuickEntries } from './components/quick-entries';
export { useHomeOverview } from './api/get-home-overview';
