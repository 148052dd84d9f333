import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CLAIM_PROGRESS_STEPS } from '@tern/domain/constants';
import { claimProgress, type ClaimState } from '@tern/domain/claims/rules';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The claim's three steps (spec 2 §4.9): the prediction submitted, the offer or the dispute
 * sent, the offer answered; the bar shows the share done and the text how many remain.
 */
export function ClaimProgress({ claim }: { claim: ClaimState }) {
  const { t } = useTranslation('claims');
  const label = useId();
  const { done, remaining } = claimProgress(claim);
  const text =
    remaining === 0 ? t('claim.progress_done') : t('claim.remaining', { count: remaining });
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="body2" id={label}>
        {t('claim.progress', { text })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={(done / CLAIM_PROGRESS_STEPS) * 100}
        aria-labelledby={label}
        aria-valuetext={t('claim.progress_value', { done, total: CLAIM_PROGRESS_STEPS })}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
