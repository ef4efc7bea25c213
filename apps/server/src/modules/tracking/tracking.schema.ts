/** Tables of this area (issue #15); db/schema/index.ts re-exports this file for drizzle-kit. */
export {};
