import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @cc/server` writes SQL migrations from the Drizzle schema; they are applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
