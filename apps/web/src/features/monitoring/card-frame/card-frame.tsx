import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useImperativeHandle, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../components/page/load-state.tsx';
import { useCardFrame, type CardFrameOptions } from './use-card-frame.ts';

/** What a form holding the frame may ask of it. */
export interface CardFrameHandle {
  /**
   * Has the frame tokenise the number typed in it: the answer comes as `onTokenised` (or
   * `onError`). False when the frame is not ready to.
   */
  submit(): boolean;
}

export interface CardFrameProps extends CardFrameOptions {
  /** The frame's title, for assistive technology (the field inside has its own label). */
  label: string;
  ref?: Ref<CardFrameHandle>;
}

/**
 * The card number field of the monitored-data form: the card vault's frame, on the vault's
 * own origin, so the number is typed where none of the portal's scripts can read it. The
 * portal receives a token and the masked number; the frame shows its own problems (in the
 * portal's language) and tells them through `onError`.
 */
export function CardFrame({ label, ref, ...options }: CardFrameProps) {
  const { t } = useTranslation();
  const { frameRef, src, status, retrying, height, submit, retry } = useCardFrame(options);
  useImperativeHandle(ref, () => ({ submit }), [submit]);

  if (status === 'failed' || status === 'expired')
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" disabled={retrying} onClick={retry}>
            {t('app.retry')}
          </Button>
        }
      >
        {status === 'expired' ? t('errors.card_frame_invalid') : t('dashboard.load_failed')}
      </Alert>
    );
  const ready = status === 'ready';
  return (
    <Box sx={{ position: 'relative', minHeight: height }}>
      {!ready && <Loading rowHeight={height} rows={1} variant="rectangular" />}
      {src && (
        <Box
          component="iframe"
          ref={frameRef}
          src={src}
          title={label}
          // Its own origin keeps it apart from the portal; it runs its script and its form.
          sandbox="allow-scripts allow-same-origin allow-forms"
          sx={{
            display: 'block',
            width: '100%',
            height: height,
            border: 0,
            // Loading out of sight and out of reach, yet laid out (it measures itself).
            ...(ready ? {} : { position: 'absolute', inset: 0, visibility: 'hidden' }),
          }}
        />
      )}
    </Box>
  );
}
