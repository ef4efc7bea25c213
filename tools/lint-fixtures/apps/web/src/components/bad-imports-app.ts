import { page } from '../app/page';

export const componentPage = page;
