export * from './users.js';
export * from './messages.js';
export * from './contents.js';
export * from './uploads.js';
export * from './videos.js';
export * from './designs.js';
