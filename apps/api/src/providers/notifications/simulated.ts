import type { OutboxRepo } from './outbox-repo.ts';
import type { NotificationsPort } from './port.ts';

/**
 * The embedded notifications provider: nothing leaves the machine, every message lands in
 * the outbox table, where tests read it and a person reads it at /dev/outbox.
 */
export function simulatedNotifications(outbox: OutboxRepo): NotificationsPort {
  return {
    async send(message) {
      await outbox.insert({
        partnerId: message.partnerId,
        channel: message.channel,
        recipient: message.to,
        template: message.template,
        subject: message.subject ?? null,
        text: message.text,
        locale: message.locale,
      });
    },
  };
}
