import { contents } from '../modules/content/content.schema.js';

export const homeTables = [contents];
