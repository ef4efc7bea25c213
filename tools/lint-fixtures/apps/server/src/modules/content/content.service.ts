import { findContent } from './content.repo.js';

export const getContent = (): string => findContent();
