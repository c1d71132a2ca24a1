import { defineConfig } from 'drizzle-kit';

// Used only to generate SQL migrations from the schema; the server applies them itself on start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './drizzle',
});
