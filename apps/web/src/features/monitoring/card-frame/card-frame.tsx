// STAND-IN, replaced at merge by the card-frame helper's `card-frame.tsx` (same props and
// handle). It exists so the monitoring page compiles on its own branch; it captures nothing.
import Typography from '@mui/material/Typography';
import { useImperativeHandle, type Ref } from 'react';

export type CardFrameHandle = { submit: () => void };

export type CardFrameProps = {
  userId: string;
  label: string;
  onTokenised: (result: { token: string; displayValue: string }) => void;
  onError: (key: string | null) => void;
  ref?: Ref<CardFrameHandle>;
};

export function CardFrame({ label, onError, ref }: CardFrameProps) {
  useImperativeHandle(ref, () => ({ submit: () => onError('validation.required') }), [onError]);
  return <Typography color="text.secondary">{label}</Typography>;
}
