import { formatCount } from '../../lib/format';

export const videoTitle = formatCount(1);
