import Button from '@mui/material/Button';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../dialog/dialog.tsx';

export type ErrorDialogState = { open: boolean; title: string; body: string };

/** The error dialog of spec 1 §2: a title and a body, dismissed by the user. */
export function ErrorDialog({ state, onClose }: { state: ErrorDialogState; onClose: () => void }) {
  const { t } = useTranslation();
  const bodyId = useId();
  return (
    <Dialog
      open={state.open}
      onClose={onClose}
      title={state.title}
      describedBy={bodyId}
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('app.ok')}
        </Button>
      }
    >
      <DialogContentText id={bodyId}>{state.body}</DialogContentText>
    </Dialog>
  );
}
