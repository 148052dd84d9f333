import { randomInt } from 'node:crypto';
import { cleanPhone, type SupportRequest, type SupportTicket, normalizeEmail } from '@tern/domain';
import { partnerConfig, type PartnerRow } from '../../partners/index.ts';
import type { NotificationsPort } from '../../../providers/notifications/port.ts';
import { renderTemplate } from '../../../providers/notifications/templates.ts';
import { SUPPORT_PER_EMAIL } from '../limits.ts';
import type { SupportRepo } from './support-repo.ts';
import type { Throttle } from '../throttle.ts';

/** Letters and digits that cannot be misread over the phone (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newReference = () =>
  'SR-' +
  Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join(
    '',
  );

export function supportService(deps: {
  repo: SupportRepo;
  notifications: NotificationsPort;
  throttle: Throttle;
}) {
  return {
    /**
     * Records a support request for the partner whose portal sent it, acknowledges it to the
     * sender with the reference to quote, and sends a copy to the partner's support address
     * (its configuration's `supportEmail`), both through the message jobs.
     */
    async submit(partner: PartnerRow, request: SupportRequest): Promise<SupportTicket> {
      // Each request sends the address an acknowledgement: a limit per address too, so the
      // form cannot be used to flood someone's inbox from many client addresses.
      const emailAddress = normalizeEmail(request.emailAddress);
      await deps.throttle.consume(
        'support-email',
        `${partner.id}:${emailAddress}`,
        SUPPORT_PER_EMAIL,
      );
      const row = await deps.repo.insert({
        reference: newReference(),
        partnerId: partner.id,
        name: request.name.trim(),
        emailAddress,
        contactNumber: cleanPhone(request.contactNumber),
        locale: request.locale,
        localTime: request.localTime,
        category: request.ticketCategory,
        subject: request.ticketSubject.trim(),
        body: request.ticketBody,
      });
      await deps.notifications.send({
        channel: 'email',
        to: row.emailAddress,
        partnerId: partner.id,
        template: 'support-received',
        locale: request.locale,
        ...renderTemplate('support-received', request.locale, {
          reference: row.reference,
          subject: row.subject,
          partnerName: partner.name,
        }),
      });
      const { supportEmail, defaultLocale } = partnerConfig(partner);
      if (supportEmail)
        await deps.notifications.send({
          channel: 'email',
          to: supportEmail,
          partnerId: partner.id,
          template: 'support-request',
          locale: defaultLocale,
          ...renderTemplate('support-request', defaultLocale, {
            reference: row.reference,
            name: row.name,
            emailAddress: row.emailAddress,
            contactNumber: row.contactNumber,
            category: row.category,
            localTime: request.localTime,
            subject: row.subject,
            body: row.body,
          }),
        });
      return { ticketId: row.id, reference: row.reference, createdAt: row.createdAt.toISOString() };
    },
  };
}
