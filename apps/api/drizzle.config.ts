import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each area keeps its tables beside its code; the notifications provider keeps the outbox.
  schema: ['./src/modules/*/tables.ts', './src/providers/*/tables.ts'],
  out: './drizzle',
});
