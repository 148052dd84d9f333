import { payoutsContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { paymentRailsWidgetRoutes } from '../../providers/payouts/simulator/widget-page.ts';
import { usersRepo } from '../accounts/index.ts';
import { areaGate } from '../partners/index.ts';
import { accountDetails } from './account-details.ts';
import { payoutFieldsService } from './fields-service.ts';
import { paymentSending, payoutsJobs } from './jobs.ts';
import { payoutMethodsService, type PayoutMethodsService } from './methods-service.ts';
import {
  paymentResendService,
  type PaymentResendService,
  type ResendGuard,
} from './payment-resend.ts';
import { paymentsService, type PaymentsService } from './payments-service.ts';
import { payoutsRepo, type PaymentRow } from './repo.ts';
import { payoutsRoutes } from './routes.ts';
import { widgetService } from './widget-service.ts';

export type { PaymentRow } from './repo.ts';
export type { ResendUndo } from './payment-resend.ts';

type PaymentListener = (payment: PaymentRow) => Promise<void>;

/** What other areas use of payouts: paying a user, and following the payment. */
export interface Payments {
  send: PaymentsService['send'];
  methods: PayoutMethodsService['listMethods'];
  find: PaymentsService['findPayment'];
  /** Called after each change of a payment's status. */
  subscribe: (listener: PaymentListener) => void;
  /** Has a say before the user resends a failed payment (may refuse by throwing). */
  guardResend: (guard: ResendGuard) => void;
  /** Pays a failed payment with another: the user can no longer resend it. */
  replace: PaymentResendService['replace'];
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments;
  }
}
/**
 * Payout methods, the partner's payout service, and payments to users (spec 1 §7 "Payout
 * methods"): through the payouts port, whose embedded simulator also serves the
 * payment-rails supplier's page. Its routes exist for partners with a payout service only.
 */
export const payoutsModule = defineModule('payouts', ['accounts'], (app, platform) => {
  const { db, clock, jobs } = platform;
  const repo = payoutsRepo(db);
  const listeners: PaymentListener[] = [];
  const sending = (paymentId: string) => paymentSending(jobs, paymentId);
  const users = usersRepo(db);
  const accounts = accountDetails(platform.encryption);
  const common = { repo, port: platform.payouts, accounts, clock, live: platform.live, users };
  const fields = payoutFieldsService({ port: platform.payouts });
  const methods = payoutMethodsService({
    ...common,
    fields,
    notifications: platform.notifications,
    proveHolder: app.proveHolder,
  });
  const payments = paymentsService({
    ...common,
    sending,
    events: platform.partnerEvents,
    paymentChanged: async (payment) => {
      for (const listener of listeners) await listener(payment);
    },
  });
  const resend = paymentResendService({
    repo,
    clock,
    sending,
    announce: (payment) => payments.announcePayment(payment),
  });
  app.decorate('payments', {
    send: (partner, request) => payments.send(partner, request),
    methods: (owner) => methods.listMethods(owner),
    find: (paymentId) => payments.findPayment(paymentId),
    subscribe: (listener) => void listeners.push(listener),
    guardResend: (guard) => resend.guard(guard),
    replace: (owner, paymentId) => resend.replace(owner, paymentId),
  } satisfies Payments);
  const widget = widgetService({
    repo,
    payoutFields: fields,
    methods,
    partners: app.partners,
    clock,
  });
  registerContracts(
    app,
    payoutsContracts,
    payoutsRoutes({ fields, methods, payments, widget, resend }),
    {
      gate: areaGate('payouts'),
    },
  );
  paymentRailsWidgetRoutes(app, widget.handlers);
  jobs.register(payoutsJobs, { payments, jobs, clock, pollMs: platform.config.PAYOUT_POLL_MS });
});
