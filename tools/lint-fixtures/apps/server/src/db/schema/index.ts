export { contents } from '../../modules/content/content.schema.js';
