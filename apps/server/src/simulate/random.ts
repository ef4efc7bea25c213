/*
 * The simulator's seeded randomness (issue #12 "A simulator and honest demo data"): a 32-bit PRNG (mulberry32)
 * and the few distributions the traffic model draws from. Everything here is a pure function of its seed, so a
 * simulation is reproducible: the same seed gives the same population, readers and events.
 */

/** A seeded generator: each call returns the next number in [0, 1). */
export type Rng = () => number;

/**
 * mulberry32 (Tommy Ettinger's 32-bit generator): small, fast and good enough for a simulation (it is not a
 * cryptographic generator and must never be used as one).
 * @param seed any 32-bit integer (other numbers are truncated to 32 bits)
 */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * A 32-bit seed from several parts (FNV-1a over their text joined by a separator): independent streams per
 * purpose and per day, e.g. `seedOf(seed, 'day', '2026-01-01')`, so one day's draws never shift another's.
 */
export function seedOf(...parts: readonly (string | number)[]): number {
  let h = 0x811c9dc5;
  const text = parts.join('\u0001');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A generator seeded from `parts` (`mulberry32(seedOf(...parts))`). */
export function rngOf(...parts: readonly (string | number)[]): Rng {
  return mulberry32(seedOf(...parts));
}

/** A standard normal draw (Box–Muller). */
export function normal(rng: Rng): number {
  const u = 1 - rng(); // (0, 1]: log(0) never happens
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}

/** A log-normal draw with the given median and σ of the underlying normal. */
export function logNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * normal(rng));
}

/** An exponential draw with the given mean. */
export function exponential(rng: Rng, mean: number): number {
  return -Math.log(1 - rng()) * mean;
}

/** A geometric draw (failures before the first success) with the given mean: 0, 1, 2, … */
export function geometric(rng: Rng, mean: number): number {
  if (mean <= 0) return 0;
  const p = 1 / (1 + mean);
  return Math.floor(Math.log(1 - rng()) / Math.log(1 - p));
}

/** An integer in [min, max] (both included), uniformly. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** One item of a non-empty list, uniformly. @throws Error on an empty list */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[Math.floor(rng() * items.length)]!;
}

/**
 * Running sums of `weights` (the last one is the total), for `sampleIndex`.
 * @param weights non-negative numbers
 */
export function cumulative(weights: ArrayLike<number>): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  for (let i = 0; i < weights.length; i++) {
    sum += weights[i]!;
    out[i] = sum;
  }
  return out;
}

/**
 * An index drawn with probability proportional to its weight, from the running sums of `cumulative` (binary
 * search: O(log n)). Only the first `length` entries take part (default all).
 * @returns -1 when there is nothing to draw (no entries or a zero total)
 */
export function sampleIndex(rng: Rng, sums: Float64Array, length = sums.length): number {
  if (length <= 0) return -1;
  const total = sums[length - 1]!;
  if (!(total > 0)) return -1;
  const x = rng() * total;
  let lo = 0;
  let hi = length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sums[mid]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * A sampler of the keys of `weights`, each drawn with probability proportional to its weight (the running sums
 * are computed once).
 * @throws Error when every weight is 0
 */
export function keySampler<K extends string>(weights: Readonly<Record<K, number>>): (rng: Rng) => K {
  const keys = Object.keys(weights) as K[];
  const sums = cumulative(keys.map((k) => weights[k]));
  if (!(sums[sums.length - 1]! > 0)) throw new Error('keySampler: every weight is 0');
  return (rng) => keys[sampleIndex(rng, sums)]!;
}

/** Shuffles `items` in place (Fisher–Yates) and returns it. */
export function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
