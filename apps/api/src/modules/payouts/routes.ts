import type { payoutsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PaymentResendService } from './payment-resend.ts';
import type { PayoutsService } from './service.ts';
import type { WidgetService } from './widget-service.ts';

export const payoutsRoutes = (
  payouts: PayoutsService,
  widget: WidgetService,
  resend: PaymentResendService,
): Handlers<typeof payoutsContracts> => ({
  methods: (request) => payouts.listMethods(request.caller),
  config: (request) => payouts.config(request.partner),
  requiredFields: (request) =>
    payouts.requiredFields(request.partner, request.params.serviceProvider, request.query),
  create: (request) => payouts.createMethod(request.caller, request.partner, request.body),
  update: (request) =>
    payouts.updateMethod(request.caller, request.partner, request.params.id, request.body),
  remove: (request) => payouts.removeMethod(request.caller, request.partner, request.params.id),
  widget: (request) => widget.open(request.caller, request.partner, request.query.lang),
  payments: (request) => payouts.listPayments(request.caller),
  send: (request) => payouts.send(request.partner, request.body),
  resend: (request) => resend.resend(request.caller, request.params.paymentId, request.body),
});
