import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { claimsPaths } from './paths.ts';
import { useStartConsent } from './use-start-consent.ts';

/** Off to the bank (the consent journey, started or started again), or back to the claims page. */
export function ToBankActions({ label }: { label: string }) {
  const { t } = useTranslation('claims');
  const start = useStartConsent();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Button
        variant="contained"
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate()}
      >
        {label}
      </Button>
      <Button component={RouterLink} to={claimsPaths.claims}>
        {t('grant.back')}
      </Button>
    </Box>
  );
}
