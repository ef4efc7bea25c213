import { contentTitle } from '../features/content';
import { videoTitle } from '../features/video';

export const page = [contentTitle, videoTitle];
