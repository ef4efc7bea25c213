export * from './constants.js';
export * from './status.js';
export * from './sign.js';
export * from './format.js';
export * from './text-rules.js';
export * from './schemas.js';
export * from './types.js';
export * from './upload.js';
