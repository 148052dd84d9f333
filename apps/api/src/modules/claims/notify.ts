import type { LiveEvents } from '../../live/events.ts';
import type { NotificationsPort } from '../../providers/notifications/port.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import type { UserRow } from '../accounts/index.ts';
import type { PartnerRow } from '../partners/index.ts';

/** What a claim's change asks its owner's open pages to read again. */
const CLAIM_KEYS = ['ITEM_ALERTS', 'claims.alerts', 'claims.history'] as const;

export type ClaimStep = 'opened' | 'offer' | 'adjusted' | 'payment-details' | 'paid';

/** Telling a claim's owner: their open pages at once, and by email for the steps that need them. */
export function claimNotifier(deps: {
  live: LiveEvents;
  notifications: NotificationsPort;
  userById: (id: string) => Promise<UserRow | undefined>;
  partnerById: (id: string) => Promise<PartnerRow | undefined>;
}) {
  const { live, notifications } = deps;
  return {
    /** The claim moved: the owner's claims page and timeline read it again. */
    changed: (userId: string) => live.publish(userId, CLAIM_KEYS),

    /** Emails the owner that their claim needs them (or paid them). */
    async email(
      claim: { userId: string; partnerId: string; claimNumber: string; businessName: string },
      step: ClaimStep,
    ) {
      const [user, partner] = await Promise.all([
        deps.userById(claim.userId),
        deps.partnerById(claim.partnerId),
      ]);
      if (!user || !partner) return;
      await notifications.send({
        channel: 'email',
        to: user.emailAddress,
        partnerId: partner.id,
        template: 'claim-update',
        locale: user.locale,
        userId: user.id,
        ...renderTemplate('claim-update', user.locale, {
          claimNumber: claim.claimNumber,
          businessName: claim.businessName,
          step,
          partnerName: partner.name,
        }),
      });
    },
  };
}
export type ClaimNotifier = ReturnType<typeof claimNotifier>;
