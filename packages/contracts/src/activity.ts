import type { z } from 'zod';

/**
 * Activities (issue #15 "Activities"; spec §7 "tasks and activities"): param and data schemas of this area's calls (docs/api.md). Spread into `apiDataSchemas`
 * (responses.ts) through `activityDataSchemas`.
 */
export const activityDataSchemas = {} as const satisfies Record<string, z.ZodType>;
