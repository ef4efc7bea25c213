import { page } from '../../app/page';

export const videoPage = page;
