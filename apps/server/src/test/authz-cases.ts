import type { Envelope } from '@cc/contracts';
import type { TestAuthor } from './factories.js';
import type { TestHarness } from './support.js';

/** One authorization-matrix case: the owner's fresh resource and the intruder who calls the route. */
export interface AuthzCase {
  owner: TestAuthor;
  intruder: TestAuthor;
}

/** A route called by the intruder on the owner's resource; resolves to the parsed envelope (must be 10006). */
export type AuthzProbe = (c: AuthzCase) => Promise<Envelope>;

/**
 * An area's rows of the authorization matrix (authz-matrix.test.ts, issue #8 "Keep it fixed"): `matrix` maps
 * `METHOD url` of each route that takes an author's resource to its probe; `notResource` maps every other route
 * of the area to why it takes none. Areas keep theirs beside their module (`<m>.authz.ts`).
 */
export interface AuthzCases {
  matrix: Record<string, AuthzProbe>;
  notResource: Record<string, string>;
}

/** Builds an area's cases from the matrix test's app. */
export type AuthzCasesOf = (t: TestHarness) => AuthzCases;
