import { videoTitle } from '../features/video';

export const libTitle = videoTitle;
