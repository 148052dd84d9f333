import { displayedStatus, type ClaimState } from '@tern/domain/claims/rules';
import { useTranslation } from 'react-i18next';

/**
 * The status a claim shows (spec 2 §4.9): the displayed-status rules give a key of the texts'
 * `statuses`; a status the portal does not know yet is shown through the status label.
 */
export function useClaimStatusText(): (claim: ClaimState) => string {
  const { t, i18n } = useTranslation('claims');
  return (claim) => {
    const status = displayedStatus(claim);
    return i18n.exists(`statuses.${status}`, { ns: 'claims' })
      ? t(`statuses.${status}`)
      : t('status_other', { status });
  };
}

/**
 * A claim's type in the reader's language: the trigger types' alert types are translated; one
 * an insurer typed when opening a claim by hand is shown as they wrote it.
 */
export function useAlertTypeText(): (alertType: string) => string {
  const { t, i18n } = useTranslation('claims');
  return (alertType) =>
    i18n.exists(`alert_types.${alertType}`, { ns: 'claims' })
      ? t(`alert_types.${alertType}`)
      : alertType;
}
