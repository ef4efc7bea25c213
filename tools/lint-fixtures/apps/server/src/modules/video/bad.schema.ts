import { findContent } from '../content/content.repo.js';

export const schemaThroughRepo = findContent;
