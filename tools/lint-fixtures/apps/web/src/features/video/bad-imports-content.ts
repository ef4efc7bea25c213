import { contentTitle } from '../content';

export const borrowed = contentTitle;
