import type { z } from 'zod';

/**
 * The car photo library (issue #15 "Car photo library"; spec §7 "photo and car brand/series lookups"): param and data schemas of this area's calls (docs/api.md). Spread into `apiDataSchemas`
 * (responses.ts) through `carphotoDataSchemas`.
 */
export const carphotoDataSchemas = {} as const satisfies Record<string, z.ZodType>;
