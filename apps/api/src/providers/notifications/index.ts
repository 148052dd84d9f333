import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { BrandOf } from './brand.ts';
import type { OutboxRepo } from './outbox-repo.ts';
import type { Channel, MessageDelivery } from './port.ts';
import { routedDelivery } from './routing.ts';
import { simulatedDelivery } from './simulated.ts';
import { smsHttpDelivery } from './sms-http.ts';
import { smtpDelivery } from './smtp.ts';

const SETTINGS: Record<Channel, string> = {
  email: 'SMTP_URL and MAIL_FROM',
  sms: 'SMS_URL and SMS_FROM',
};

/**
 * The delivery the configuration asks for: email through SMTP when `SMTP_URL` is set, SMS
 * through the HTTP API when `SMS_URL` is set, anything else to the outbox table — with
 * neither set nothing leaves the machine, as on a laptop or in tests. In production a
 * channel left on the outbox reaches nobody (the /dev/outbox page is not served there), so
 * the start says so.
 */
export function notificationsProvider(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'MAIL_FROM' | 'SMS_URL' | 'SMS_FROM'>,
  deps: {
    outbox: OutboxRepo;
    brandOf: BrandOf;
    log: FastifyBaseLogger;
  },
): MessageDelivery {
  const { outbox, brandOf, log } = deps;
  const providers: Partial<Record<Channel, MessageDelivery>> = {};
  // config.ts refuses an SMTP_URL without MAIL_FROM and an SMS_URL without SMS_FROM.
  if (config.SMTP_URL && config.MAIL_FROM)
    providers.email = smtpDelivery({ url: config.SMTP_URL, from: config.MAIL_FROM, brandOf });
  if (config.SMS_URL && config.SMS_FROM)
    providers.sms = smsHttpDelivery({ url: config.SMS_URL, from: config.SMS_FROM });
  if (config.NODE_ENV === 'production')
    for (const channel of ['email', 'sms'] as const)
      if (!providers[channel])
        log.warn(
          { channel },
          `no ${channel} provider configured (${SETTINGS[channel]}): ${channel} messages only reach the outbox table, nobody receives them`,
        );
  return routedDelivery(providers, simulatedDelivery(outbox));
}
