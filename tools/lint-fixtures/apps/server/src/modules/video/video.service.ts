import { getContent } from '../content/content.service.js';

export const getVideo = (): string => getContent();
