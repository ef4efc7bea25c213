import { contents } from '../content/content.schema.js';

export const otherTable = contents;
