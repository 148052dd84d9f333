import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { Dialog } from './dialog.tsx';

/**
 * The yes / no question before something that cannot be taken back (spec 2: cancelling
 * insurance, a cancelled flight). Yes is busy while its work runs; a failure is reported by
 * the one error handler and leaves the dialog open.
 */
export function ConfirmDialog({
  title,
  children,
  yesLabel,
  noLabel,
  onYes,
  onNo,
}: {
  title: string;
  children: ReactNode;
  yesLabel: string;
  noLabel: string;
  onYes: () => Promise<void>;
  onNo: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const handleError = useErrorHandler();
  return (
    <Dialog
      open
      title={title}
      // Not while its work runs: the answer would land on a closed dialog.
      {...(busy ? {} : { onClose: onNo })}
      actions={
        <>
          <Button onClick={onNo} disabled={busy}>
            {noLabel}
          </Button>
          <Button
            variant="contained"
            color="error"
            loading={busy}
            onClick={() => {
              setBusy(true);
              onYes()
                .catch((error: unknown) => handleError(error))
                .finally(() => setBusy(false));
            }}
          >
            {yesLabel}
          </Button>
        </>
      }
    >
      <Typography>{children}</Typography>
    </Dialog>
  );
}
