import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { useSessionTimeout } from '../../core/session/use-session-timeout.ts';

/**
 * The cost-info panel of the action plan (spec 1 §4 "Monitored-data state"): what identity
 * theft can cost and what to keep for a claim. It toggles, and closes when the session-timeout
 * toast shows — both come from the session's deadline (`useSessionTimeout`, which the app
 * root's timeout notice also follows), so a panel left open never outlives the session.
 */
export function CostInfo() {
  const { t } = useTranslation('monitoring');
  const partner = useAppServices().themeConfig.branding.name;
  const [open, setOpen] = useState(false);
  const panel = useId();
  useSessionTimeout(useCallback(() => setOpen(false), []));
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      <Button
        aria-expanded={open}
        {...(open ? { 'aria-controls': panel } : {})}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? t('cost.hide') : t('cost.show')}
      </Button>
      <Collapse in={open} unmountOnExit sx={{ justifySelf: 'stretch' }}>
        <Alert severity="info" id={panel} role="region" aria-label={t('cost.title')}>
          <AlertTitle>{t('cost.title')}</AlertTitle>
          <Box component="p" sx={{ mt: 0 }}>
            {t('cost.body')}
          </Box>
          <Box component="p" sx={{ mb: 0 }}>
            {t('cost.keep', { partner })}
          </Box>
        </Alert>
      </Collapse>
    </Box>
  );
}
