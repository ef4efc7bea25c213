import { findContent } from '../modules/content/content.repo.js';

export const homeRead = findContent;
