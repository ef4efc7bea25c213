export const contents = { name: 'contents' };
