/**
 * A text as a literal inside a LIKE / ILIKE pattern: `\`, `%` and `_` escaped with the default escape character
 * `\`, so a keyword a user typed matches itself (`50%` finds "50%", not "50 anything").
 * @returns the escaped text; wrap it in `%…%` for a substring match
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
