import { createHash } from 'node:crypto';
import type { Encryption } from '../../lib/encryption.ts';
import { defineJobs, sealedPayload, type Jobs } from '../../jobs.ts';
import type { MarketingConsent, MessageDelivery, Notification, NotificationsPort } from './port.ts';

/** Delivery lanes: one recipient's messages keep their order, others go side by side. */
const LANES = 16;
const laneOf = (recipient: string) =>
  `notifications-${createHash('sha256').update(recipient).digest().readUInt32BE(0) % LANES}`;

/** What delivering runs with. */
interface Deps {
  encryption: Encryption;
  delivery: MessageDelivery;
  consent: MarketingConsent;
}

/** A marketing message without its recipient's consent, as of now, is dropped. */
const allowed = async (message: Notification, consent: MarketingConsent) =>
  message.purpose !== 'marketing' ||
  (message.userId !== undefined && (await consent(message.userId, message.channel)));

const notificationsJobs = defineJobs('notifications', {
  deliver: {
    description:
      'deliver one email or SMS through its configured provider (SMTP, SMS HTTP API, or the outbox)',
    payload: sealedPayload,
    maxAttempts: 8,
    run: async ({ sealed }, { encryption, delivery, consent }: Deps) => {
      const message = JSON.parse(encryption.decrypt(sealed)) as Notification;
      if (!(await allowed(message, consent))) return;
      return delivery.deliver(message, {
        // The sealed payload is fixed for the job's life and unique (a random IV): its hash is
        // a stable id for retries. A hash of the plain text would not do: it would repeat for
        // two equal messages, and with a 6-digit code in the text, trying a million codes
        // against it would reveal the code to whoever reads mail-server logs.
        deliveryId: createHash('sha256').update(sealed).digest('hex').slice(0, 32),
      });
    },
  },
});

/**
 * How areas send an email or an SMS: the message is queued as a job and delivered by the
 * worker, so no answer waits for (or reveals) a delivery. The queued message is sealed with
 * the installation's key: codes and links never lie in the job table in the clear.
 */
export function queuedNotifications(deps: Deps & { jobs: Jobs }): NotificationsPort {
  const { jobs, encryption } = deps;
  jobs.register(notificationsJobs, deps);
  // The job, its payload and its lane, as `add` takes them.
  const deliver = (message: Notification) =>
    [
      notificationsJobs.deliver,
      { sealed: encryption.encrypt(JSON.stringify(message)) },
      { queue: laneOf(message.to) },
    ] as const;
  return {
    send: (message) => jobs.add(...deliver(message)),
    queuing: (message) => jobs.addition(...deliver(message)),
  };
}
