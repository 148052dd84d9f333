import { configOrExit, openMigratedDatabase } from '../../api/src/startup.ts';
import { databaseText } from '../../api/test/dump.ts';
import { encryptionFor } from '../../api/src/lib/encryption-for.ts';
import type { KnownSecret } from '../../api/test/leaks.ts';

/**
 * Prints, as JSON, the secrets the journey server's database holds on record (for the hygiene
 * check after every journey, e2e/hygiene.spec.ts): what the installation encrypted (monitored
 * identifiers, bank details, TOTP and partner secrets, the breach feed's identifiers), the
 * one-time codes and link ids the outbox sent, and separately the monitored identifiers.
 * Run as the operator's commands are: `npx tsx apps/web/e2e/secrets-on-record.ts`.
 */
const ENCRYPTED = /v1\.[\w-]{16}\.[\w-]{22}\.[\w-]*/g;
const CODE_TEMPLATES = new Set(['otc', 'mobile-confirm', 'email-confirm']);

/** The strings in a decrypted value: itself, or the leaves of the JSON it holds. */
function leaves(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object')
      return Object.values(parsed).flatMap((v) =>
        typeof v === 'string' ? [v] : typeof v === 'object' && v ? leaves(JSON.stringify(v)) : [],
      );
  } catch {
    // Not JSON: the value itself.
  }
  return [value];
}

const config = configOrExit();
const encryption = encryptionFor(config);
const database = await openMigratedDatabase(config);
try {
  const secrets: KnownSecret[] = [];
  for (const [sealed] of (await databaseText(database.pool)).matchAll(ENCRYPTED)) {
    let plain: string;
    try {
      plain = encryption.decrypt(sealed);
    } catch {
      continue; // a look-alike, or another key's
    }
    for (const value of leaves(plain)) secrets.push({ kind: 'encrypted value', value });
  }

  const { rows: items } = await database.pool.query<{ sealed: string }>(
    'select value_encrypted as sealed from monitored_items where value_encrypted is not null',
  );
  const monitored = items.map(({ sealed }) => encryption.decrypt(sealed));

  const { rows: messages } = await database.pool.query<{ template: string; text: string }>(
    'select template, text from outbox_messages',
  );
  for (const { template, text } of messages) {
    if (CODE_TEMPLATES.has(template))
      for (const [code] of text.matchAll(/(?<!\d)\d{6}(?!\d)/g))
        secrets.push({ kind: 'one-time code', value: code });
    // The links messages carry are credentials (a reset, an invitation): their ids and tokens.
    for (const [link] of text.matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(link);
      const parts = [...url.pathname.split('/'), ...url.searchParams.values()];
      for (const part of parts)
        if (part.length >= 16) secrets.push({ kind: 'link credential', value: part });
    }
  }
  process.stdout.write(JSON.stringify({ secrets, monitored }));
} finally {
  await database.close();
}
