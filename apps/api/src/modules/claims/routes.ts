import type { claimsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { ClaimsReader } from './claims-service.ts';
import type { ConsentsService } from './consents-service.ts';
import type { ItemsService } from './items-service.ts';
import type { ClaimPayouts } from './payouts.ts';
import type { ClaimWorkflow } from './workflow.ts';

export const claimsRoutes = (services: {
  items: ItemsService;
  consents: ConsentsService;
  reader: ClaimsReader;
  workflow: ClaimWorkflow;
  payouts: ClaimPayouts;
}): Handlers<typeof claimsContracts> => {
  const { items, consents, reader, workflow, payouts } = services;
  return {
    items: (request) => items.listItems(request.caller),
    updateItem: (request) => items.updateItem(request.caller, request.params.itemId, request.body),
    removeItem: (request) => items.removeItem(request.caller, request.params.itemId),
    alerts: (request) => reader.listAlerts(request.caller, request.query),
    history: (request) => reader.history(request.caller, request.params.alertId),
    updateAlert: (request) => workflow.answerOffer(request.caller, request.params, request.body),
    updateDataset: (request) =>
      workflow.savePrediction(request.caller, request.params, request.body),
    addDataset: (request) => workflow.dispute(request.caller, request.params, request.body),
    attach: (request) =>
      workflow.attach(request.caller, request.params, request.query.name, request.body),
    updatePayout: (request) =>
      payouts.sendPayout(request.caller, request.partner, request.params, request.body),
    startConsent: (request) =>
      consents.start(request.caller, request.partner, request.body.returnPath),
    completeConsent: (request) =>
      consents.complete(request.caller, request.params.consentId, request.body),
    reconfirmConsent: (request) => consents.reconfirm(request.caller, request.params.consentId),
    revokeConsent: (request) => consents.revoke(request.caller, request.params.consentId),
  };
};
