import { freshDatabase } from '../../../test/database.ts';
import { outboxRepo } from './outbox-repo.ts';
import type { Channel } from './port.ts';
import { notificationsPortSuite } from './port-suite.ts';
import { simulatedDelivery } from './simulated.ts';

notificationsPortSuite('simulator (the outbox)', ['email', 'sms'], async () => {
  const { database, release } = await freshDatabase();
  const outbox = outboxRepo(database.db);
  return {
    delivery: simulatedDelivery(outbox),
    received: async (to) =>
      (await outbox.list({ recipient: to })).reverse().map((row) => ({
        // The outbox keeps the channel the delivery was given, one of the port's.
        channel: row.channel as Channel,
        to: row.recipient,
        ...(row.subject === null ? {} : { subject: row.subject }),
        text: row.text,
      })),
    close: release,
  };
});
