import { z } from 'zod';
import { textInputSchema } from './schemas.js';
import { idSchema } from './types.js';

/**
 * The car catalogue (issue #10 "Car catalogue", API.md §13): real brands and series, shipped with the
 * product, searched as the author types and attached to works by series id (`carSeriesIds`).
 */

/** Most series one search answers: enough for a dropdown, bounded whatever the keyword. */
export const CAR_SEARCH_LIMIT = 20;
/** Longest keyword, characters. */
export const CAR_KEYWORD_MAX = 40;

/** `GET /api/car/series_search { keyword }` (API.md §13): trimmed, 1–40 characters. */
export const carSeriesSearchParamSchema = z.object({
  keyword: textInputSchema(CAR_KEYWORD_MAX, { trim: true }).pipe(z.string().min(1, 'FIELD_REQUIRED')),
});
export type CarSeriesSearchParam = z.infer<typeof carSeriesSearchParamSchema>;

/** One series found: its id (what works store), the brand's and the series' names as written in China. */
export const carSeriesItemSchema = z.strictObject({
  id: idSchema,
  brand: z.string(),
  series: z.string(),
});
export type CarSeriesItem = z.infer<typeof carSeriesItemSchema>;

/** The answer of `car/series_search`: at most `CAR_SEARCH_LIMIT` series, best match first. */
export const carSeriesSearchSchema = z.array(carSeriesItemSchema).max(CAR_SEARCH_LIMIT);
