import { contents } from '../content/content.schema.js';

/** A foreign key to another module's table is the one cross-module import a schema file may make. */
export const videos = { name: 'videos', contentId: contents.name };
