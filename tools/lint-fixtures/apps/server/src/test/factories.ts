import { contents } from '../modules/content/content.schema.js';
import { findContent } from '../modules/content/content.repo.js';

export const factory = [contents, findContent];
