import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { findLeaks } from '../../api/test/leaks.ts';
import {
  databaseDump,
  demoPassword,
  password,
  renewedPassword,
  secretsOnRecord,
} from './journey.ts';
import { E2E_SERVER_LOG } from './server-env.ts';

/**
 * Log and data hygiene (issue 31 §8), after every other journey (the `hygiene` project runs
 * last): the journey server's log holds no card number, IBAN, token, password, one-time code,
 * link id or value the installation encrypted; the database holds no monitored identifier in
 * clear.
 */
test('after every journey, the log and the database hold no secret in clear', async () => {
  // The log's records: pino writes one JSON object a line (the demo accounts' banner the
  // server prints at start is for the person running it, and not a log record).
  const records = readFileSync(E2E_SERVER_LOG, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'));
  // Every request was logged (info level): the journeys ran and were seen.
  expect(records.length).toBeGreaterThan(1000);

  const { secrets, monitored } = await secretsOnRecord();
  // The journeys typed identifiers, received codes and links, and the database keeps them.
  const kinds = new Set(secrets.map((s) => s.kind));
  expect([...kinds].sort()).toEqual(['encrypted value', 'link credential', 'one-time code']);
  expect(monitored.length).toBeGreaterThan(0);

  const passwords = [password, demoPassword, renewedPassword].map((value) => ({
    kind: 'password',
    value,
  }));
  expect(findLeaks(records.join('\n'), [...secrets, ...passwords])).toEqual([]);

  const identifiers = monitored.flatMap((value) =>
    [value, value.replace(/[\s-]/g, '')].map((v) => ({ kind: 'monitored identifier', value: v })),
  );
  expect(findLeaks(await databaseDump(), identifiers)).toEqual([]);
});
