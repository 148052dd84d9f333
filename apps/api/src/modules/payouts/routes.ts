import type { payoutsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { PayoutFieldsService } from './fields-service.ts';
import type { PayoutMethodsService } from './methods-service.ts';
import type { PaymentResendService } from './payment-resend.ts';
import type { PaymentsService } from './payments-service.ts';
import type { WidgetService } from './widget-service.ts';

export const payoutsRoutes = ({
  fields,
  methods,
  payments,
  widget,
  resend,
}: {
  fields: PayoutFieldsService;
  methods: PayoutMethodsService;
  payments: PaymentsService;
  widget: WidgetService;
  resend: PaymentResendService;
}): Handlers<typeof payoutsContracts> => ({
  methods: (request) => methods.listMethods(request.caller),
  config: (request) => fields.config(request.partner),
  requiredFields: (request) =>
    fields.requiredFields(request.partner, request.params.serviceProvider, request.query),
  create: (request) => methods.createMethod(request.caller, request.partner, request.body),
  update: (request) =>
    methods.updateMethod(request.caller, request.partner, request.params.id, request.body),
  remove: (request) => methods.removeMethod(request.caller, request.partner, request.params.id),
  widget: (request) => widget.open(request.caller, request.partner, request.query.lang),
  payments: (request) => payments.listPayments(request.caller),
  send: (request) => payments.send(request.partner, request.body),
  resend: (request) => resend.resend(request.caller, request.params.paymentId, request.body),
});
