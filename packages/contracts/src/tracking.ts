import type { z } from 'zod';

/**
 * Tracking points (issue #15 "Tracking points"; spec §3 "Tracking point attributes"): param and data schemas of this area's calls (docs/api.md). Spread into `apiDataSchemas`
 * (responses.ts) through `trackingDataSchemas`.
 */
export const trackingDataSchemas = {} as const satisfies Record<string, z.ZodType>;
