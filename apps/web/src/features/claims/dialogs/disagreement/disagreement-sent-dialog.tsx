import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ClaimDocument } from '@tern/domain/claims/schemas';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/dialog.tsx';
import { FileStates } from './file-states.tsx';
import type { FileProgress } from './use-send-disagreement.ts';

/**
 * The disagreement sent (disagreementSubmissionConfirmation, spec 2 §2.6): what happens next,
 * and the files, whose scans go on as the claim refreshes live (scanning, then clean or refused).
 */
export function DisagreementSentDialog({
  files,
  documents,
  onClose,
}: {
  files: readonly FileProgress[];
  documents: readonly ClaimDocument[];
  onClose: () => void;
}) {
  const { t } = useTranslation('claims');
  return (
    <Dialog
      open
      title={t('disagreement.sent_title')}
      onClose={onClose}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('disagreement.close')}
        </Button>
      }
    >
      <Typography sx={{ mb: 2 }}>{t('disagreement.sent_body')}</Typography>
      <FileStates files={files} documents={documents} />
    </Dialog>
  );
}
