import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, MessageDelivery, Notification } from './port.ts';

/** A message as the far side got it (the outbox row, the email, the SMS). */
export interface ReceivedMessage {
  channel: Channel;
  to: string;
  /** An email's subject; absent for an SMS. */
  subject?: string;
  text: string;
}

const ALL_CHANNELS: readonly Channel[] = ['email', 'sms'];

/**
 * What every notifications delivery must do, the outbox simulator and a real provider's
 * adapter alike: run it with
 * `notificationsPortSuite('smtp', ['email'], async () => ({ delivery, received, close }))`,
 * where `channels` are those the adapter carries and `received(to)` reads, oldest first, what
 * its far side got for a recipient: the outbox table, a local SMTP server, a stand-in of the
 * SMS API.
 */
export function notificationsPortSuite(
  name: string,
  channels: readonly Channel[],
  open: () => Promise<{
    delivery: MessageDelivery;
    received: (to: string) => Promise<ReceivedMessage[]>;
    close: () => Promise<void>;
  }>,
) {
  describe(`notifications port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    let sent = 0;
    /** A message of a channel to a recipient no other test writes to. */
    const messageOf = (channel: Channel, text: string): Notification => {
      sent += 1;
      return {
        channel,
        to:
          channel === 'email'
            ? `suite-${sent}@example.com`
            : `+1416555${String(sent).padStart(4, '0')}`,
        partnerId: 'travel',
        template: 'otc',
        ...(channel === 'email' ? { subject: `Votre code — ${sent}` } : {}),
        text,
        locale: 'fr-CA',
      };
    };

    it.each(channels)(
      'delivers %s to its recipient, the text as written (accents, other scripts, a link, lines)',
      async (channel) => {
        const text =
          'Votre code de connexion est 123456.\nÉté à Montréal — 東京 ✈\nhttps://travel.example.com/reset?token=a_B-1';
        const message = messageOf(channel, text);
        await subject.delivery.deliver(message, { deliveryId: `suite-${sent}` });
        const [received, ...more] = await subject.received(message.to);
        expect(more).toEqual([]);
        expect(received).toMatchObject({ channel, to: message.to });
        expect(received!.text.trimEnd()).toBe(text);
        if (channel === 'email') expect(received!.subject).toBe(message.subject);
      },
    );

    it.each(channels)(
      'delivers each message it is given: two equal %s arrive twice',
      async (channel) => {
        const message = messageOf(channel, 'Same words, twice.');
        await subject.delivery.deliver(message, { deliveryId: `suite-${sent}-a` });
        await subject.delivery.deliver(message, { deliveryId: `suite-${sent}-b` });
        expect((await subject.received(message.to)).map((m) => m.text.trimEnd())).toEqual([
          'Same words, twice.',
          'Same words, twice.',
        ]);
      },
    );

    const others = ALL_CHANNELS.filter((channel) => !channels.includes(channel));
    // An adapter of every channel (the outbox) has nothing to refuse.
    if (others.length > 0)
      it('refuses a message of a channel it does not carry, rather than send it elsewhere', async () => {
        for (const channel of others) {
          const message = messageOf(channel, 'Not mine to send.');
          await expect(
            subject.delivery.deliver(message, { deliveryId: `suite-${sent}` }),
          ).rejects.toThrow();
          expect(await subject.received(message.to)).toEqual([]);
        }
      });
  });
}
