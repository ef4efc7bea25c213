import { findContent } from '../content/content.repo.js';

export const writeThroughOtherRepo = findContent;
