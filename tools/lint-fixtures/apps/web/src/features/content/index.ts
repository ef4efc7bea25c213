export const contentTitle = 'content';
