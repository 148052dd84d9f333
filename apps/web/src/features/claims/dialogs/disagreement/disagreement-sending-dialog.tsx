import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { DISAGREEMENT_SELECTION_ERROR } from '@tern/domain/claims/requests';
import type { ClaimDocument } from '@tern/domain/claims/schemas';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { FileStates } from './file-states.tsx';
import type { FileProgress } from './use-send-disagreement.ts';

/** Where the sending stands: under way, failed (reported), or left with nothing to send. */
export type SendingOutcome = 'sending' | 'failed' | 'nothing-left';

/**
 * The disagreement confirmation (spec 2 §2.6): the disagreement being sent, each file with its
 * upload's progress and then its state; it cannot be closed while it sends. After a failure
 * it offers to try again (files already attached are not sent again) or to go back to the
 * form, and so it does when every file of the disagreement was refused and nothing is left.
 */
export function DisagreementSendingDialog({
  files,
  outcome,
  documents,
  onRetry,
  onBack,
}: {
  files: readonly FileProgress[];
  outcome: SendingOutcome;
  documents: readonly ClaimDocument[];
  onRetry: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('claims');
  const { t: tt } = useTranslation();
  const sending = outcome === 'sending';
  return (
    <Dialog
      open
      title={t('disagreement.sending_title')}
      {...(sending ? {} : { onClose: onBack })}
      actions={
        sending ? undefined : (
          <>
            <Button onClick={onBack}>{t('disagreement.back_to_form')}</Button>
            {outcome === 'failed' ? (
              <Button variant="contained" onClick={onRetry}>
                {t('disagreement.retry')}
              </Button>
            ) : null}
          </>
        )
      }
    >
      <Typography sx={{ mb: 2 }}>
        {sending ? t('disagreement.sending_lead') : t('disagreement.not_sent')}
      </Typography>
      {sending && files.every((f) => f.state !== 'uploading') ? (
        <LinearProgress aria-label={t('disagreement.sending_title')} sx={{ mb: 2 }} />
      ) : null}
      {outcome === 'nothing-left' ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {tt(DISAGREEMENT_SELECTION_ERROR)}
        </Alert>
      ) : null}
      <FileStates files={files} documents={documents} />
    </Dialog>
  );
}
