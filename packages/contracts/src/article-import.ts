import type { z } from 'zod';

/**
 * Article helpers: importing a draft from a document or pasted rich text (issue #15 "Article helper routes"): param and data schemas of this area's calls (docs/api.md). Spread into `apiDataSchemas`
 * (responses.ts) through `articleImportDataSchemas`.
 */
export const articleImportDataSchemas = {} as const satisfies Record<string, z.ZodType>;
