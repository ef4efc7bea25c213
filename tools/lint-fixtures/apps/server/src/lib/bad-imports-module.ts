import { getContent } from '../modules/content/content.service.js';

export const libContent = getContent;
