import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../errors.js';

/**
 * Password strength (issue #8 item 7): zxcvbn-ts with the common and English dictionaries, the keyboard
 * graphs, and the account's own words (account name, media name) as user inputs, so `12345678`, eight
 * spaces and "the account name plus one letter" are refused.
 */

/** zxcvbn's score runs 0–4; 3 means "safely unguessable: moderate protection from offline attacks" (≥ 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** The `ercd` of a refused password (API.md §3); the web app shows `errors.WEAK_PASSWORD`. */
export const WEAK_PASSWORD_ERCD = 'WEAK_PASSWORD';

/**
 * zxcvbn's matching grows steeply with length and l33t symbols (a 128-character run of symbols took 2.4 s with
 * the defaults): only the first 64 characters are scored (a password strong in its first 64 is strong) and
 * l33t substitutions are capped, which keeps the worst case near 25 ms on one core. It runs on the main thread
 * after the per-address registration limit, so it cannot be used to stall the server (issue #8 item 3).
 */
const SCORED_LENGTH = 64;
const L33T_MAX_SUBSTITUTIONS = 10;

let zxcvbn: Promise<ZxcvbnFactory> | undefined;

/**
 * The estimator, imported and built on first use (issue #16): the common and English dictionaries hold
 * ≈ 38 MiB of resident memory once loaded and take ~150 ms to rank, which a server that registers no one
 * until a request asks does not need at start. The promise is memoised, so concurrent first calls share one
 * import; a failed import is not retried (the packages are dependencies: a failure means a broken install).
 */
function estimator(): Promise<ZxcvbnFactory> {
  return (zxcvbn ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([{ ZxcvbnFactory }, common, en]) =>
      new ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
        maxLength: SCORED_LENGTH,
        l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
      }),
  ));
}

/**
 * Scores a password 0–4 (zxcvbn). The first call imports the dictionaries (issue #16).
 * @param password the plain password (the contracts bound it to 8–128 characters)
 * @param userInputs words of this account (account name, media name) that make a password guessable
 * @returns the score, 0 (too guessable) to 4 (very unguessable)
 */
export async function passwordScore(password: string, userInputs: string[] = []): Promise<number> {
  return (await estimator()).check(password, userWords(userInputs)).score;
}

/**
 * Each input as given, without its separators, and its parts (3+ characters): `Speedster Reviews` →
 * `speedster reviews`, `speedsterreviews`, `speedster`, `reviews`; `zhang_wei` → `zhangwei`, `zhang`, `wei`.
 */
function userWords(inputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const text = input.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    words.add(text.replace(/[^\p{L}\p{N}]+/gu, ''));
    for (const part of text.split(/[^\p{L}\p{N}]+/u)) if (part.length >= 3) words.add(part);
  }
  words.delete('');
  return [...words];
}

/**
 * Refuses a weak password (issue #8 item 7): a zxcvbn score under MIN_PASSWORD_SCORE, given the account's
 * own words. Async since issue #16 (the dictionaries load on first use).
 * @throws AppError VALIDATION_FAILED (10007, API.md §3) with ercd `WEAK_PASSWORD` and `data.fields` naming
 *   `password`
 */
export async function assertStrongPassword(password: string, userInputs: string[]): Promise<void> {
  if ((await passwordScore(password, userInputs)) >= MIN_PASSWORD_SCORE) return;
  throw AppError.validation([{ path: 'password', code: 'WEAK_PASSWORD' }], { ercd: WEAK_PASSWORD_ERCD });
}
