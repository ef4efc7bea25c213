import { contents } from './content.schema.js';

export const findContent = (): string => contents.name;
