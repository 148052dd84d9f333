import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each area keeps its tables beside its code; the notifications provider keeps the outbox,
  // the live events their short log; a part of an area with tables of its own keeps them in its
  // folder (the partners' webhooks).
  schema: [
    './src/modules/*/tables.ts',
    './src/modules/*/*/tables.ts',
    './src/providers/*/tables.ts',
    './src/live/tables.ts',
  ],
  out: './drizzle',
});
