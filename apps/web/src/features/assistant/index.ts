export { ContentAssistantView } from './components/content-assistant';
export { WriteWithAssistantLink } from './components/write-with-assistant-link';
export { assistantPath } from './logic';
