import { randomInt } from 'node:crypto';
import { cleanPhone, type SupportRequest, type SupportTicket, normalizeEmail } from '@tern/domain';
import type { PartnerRow } from '../partners/index.ts';
import type { SupportRepo } from './support-repo.ts';

/** Letters and digits that cannot be misread over the phone (no 0/O, 1/I/L). */
const REFERENCE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const newReference = () =>
  'SR-' +
  Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]).join(
    '',
  );

export function supportService(deps: { repo: SupportRepo }) {
  return {
    /** Records a support request for the partner whose portal sent it. */
    async submit(partner: PartnerRow, request: SupportRequest): Promise<SupportTicket> {
      const row = await deps.repo.insert({
        reference: newReference(),
        partnerId: partner.id,
        name: request.name.trim(),
        emailAddress: normalizeEmail(request.emailAddress),
        contactNumber: cleanPhone(request.contactNumber),
        locale: request.locale,
        localTime: request.localTime,
        category: request.ticketCategory,
        subject: request.ticketSubject.trim(),
        body: request.ticketBody,
      });
      return { ticketId: row.id, reference: row.reference, createdAt: row.createdAt.toISOString() };
    },
  };
}
export type SupportService = ReturnType<typeof supportService>;
