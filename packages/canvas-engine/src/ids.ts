/** Returns a new object id (RFC 4122 v4 uuid). */
export function createId(): string {
  return crypto.randomUUID();
}
