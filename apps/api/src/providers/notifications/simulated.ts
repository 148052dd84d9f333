import type { OutboxRepo } from './outbox-repo.ts';
import type { MessageDelivery } from './port.ts';

/**
 * The embedded notifications provider: nothing leaves the machine, every message lands in
 * the outbox table, where tests read it and a person reads it at /dev/outbox.
 */
export function simulatedDelivery(outbox: OutboxRepo): MessageDelivery {
  return {
    async deliver(message) {
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
