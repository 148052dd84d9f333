import { claimsContracts } from '@tern/domain/claims/contracts';
import type { AlertPatch } from '@tern/domain/claims/requests';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../../components/toasts/use-toast.ts';
import { useAppServices } from '../../../../core/app-services.ts';
import { useErrorHandler } from '../../../../core/errors/error-handler-context.ts';
import { useRefreshClaims } from '../use-refresh-claims.ts';

/**
 * Answers the claim's offer (spec 2 §4.9): `send({confirmed: true})` accepts it,
 * `send({completed: true})` rejects an adjusted offer and so completes the claim; the claims
 * are fetched again after either. `accept` is the Accept button's whole action: busy while
 * it runs, a notice and the dialog closed once done, a failure reported and the dialog kept.
 */
export function useAnswerOffer(claim: Pick<ItemAlert, 'itemId' | 'alertId'>, onClose: () => void) {
  const { t } = useTranslation('claims');
  const { api } = useAppServices();
  const refresh = useRefreshClaims();
  const toast = useToast();
  const handleError = useErrorHandler();
  const [accepting, setAccepting] = useState(false);

  const send = async (body: AlertPatch) => {
    await api.call(claimsContracts.updateAlert, {
      params: { itemId: claim.itemId, alertId: claim.alertId },
      body,
    });
    await refresh();
  };

  const accept = async () => {
    setAccepting(true);
    try {
      await send({ confirmed: true });
      toast.showMessage(t('offer.accepted'), 'success');
      onClose();
    } catch (error) {
      await handleError(error);
    } finally {
      setAccepting(false);
    }
  };

  return { send, accept, accepting };
}
