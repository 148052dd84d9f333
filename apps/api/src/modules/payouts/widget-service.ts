import { AppError, PAYMENT_RAILS_SUPPLIER, type Language } from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import { MINUTE_MS } from '../accounts/index.ts';
import { randomToken, sha256 } from '../../lib/secrets.ts';
import type { Caller } from '../../plugins/contracts.ts';
import {
  PAYMENT_RAILS_WIDGET_PATH,
  type WidgetHandlers,
} from '../../providers/payouts/simulator/widget-page.ts';
import { partnerConfig, portalOrigin, type PartnerRow } from '../partners/index.ts';
import type { PayoutsRepo } from './repo.ts';
import type { PayoutFieldsService } from './fields-service.ts';
import type { PayoutMethodsService } from './methods-service.ts';

/** How long the widget's link opens its page. */
const WIDGET_SESSION_MS = 30 * MINUTE_MS;

/**
 * The payment-rails supplier's widget (spec 1 §2): a one-time link to its hosted page, and
 * what the page does with the details entered there.
 */
export function widgetService(deps: {
  repo: PayoutsRepo;
  payoutFields: PayoutFieldsService;
  methods: PayoutMethodsService;
  partners: { byId(id: string): Promise<PartnerRow | undefined> };
  clock: Clock;
}) {
  const { repo, payoutFields, methods, partners, clock } = deps;

  const liveSession = async (token: string) => {
    const row = await repo.findWidgetSession(sha256(token));
    if (!row || row.usedAt || row.expiresAt <= clock.now()) return undefined;
    const partner = await partners.byId(row.partnerId);
    return partner ? { row, partner } : undefined;
  };

  const handlers: WidgetHandlers = {
    async session(token) {
      const found = await liveSession(token);
      if (!found) return undefined;
      const { currency, fields } = await payoutFields.supplierFields(found.partner);
      return {
        language: found.row.language as Language,
        origin: found.row.origin,
        currency,
        fields,
      };
    },
    async submit(token, values) {
      const found = await liveSession(token);
      if (!found) return 'expired';
      const { description = '', ...fields } = values;
      const owner = { userId: found.row.userId, partnerId: found.row.partnerId };
      // The link makes one method: of two submits at once (a double click) one goes on.
      const tokenHash = sha256(token);
      if (!(await repo.useWidgetSession(tokenHash, clock.now()))) return 'expired';
      const created = await methods.createSupplierMethod(owner, found.partner, description, fields);
      if (Array.isArray(created)) {
        // Details to correct: the link stays open for the next try.
        await repo.releaseWidgetSession(tokenHash);
        return { problems: created };
      }
      return { payoutMethodId: created.payoutMethodId };
    },
  };

  return {
    handlers,
    /** A link to the supplier's page for the caller; only partners whose supplier it is. */
    async open(caller: Caller, partner: PartnerRow, language: Language): Promise<{ url: string }> {
      if (partnerConfig(partner).payouts.supplier !== PAYMENT_RAILS_SUPPLIER)
        throw new AppError('PAYOUT_SERVICE_NOT_CONFIGURED', {
          message: `Partner ${partner.id} does not pay out through the payment-rails supplier`,
        });
      await methods.mayAddMethod(caller);
      const token = randomToken(32);
      const origin = portalOrigin(partner);
      await repo.insertWidgetSession({
        tokenHash: sha256(token),
        userId: caller.userId,
        partnerId: caller.partnerId,
        language,
        origin,
        expiresAt: new Date(clock.now().getTime() + WIDGET_SESSION_MS),
      });
      return { url: `${origin}${PAYMENT_RAILS_WIDGET_PATH}/${token}?lang=${language}` };
    },
  };
}
export type WidgetService = ReturnType<typeof widgetService>;
