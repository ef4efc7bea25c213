import { contents } from '../../db/schema/index.js';

export const sharedTable = contents;
