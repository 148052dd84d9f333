import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppServices } from '../../../core/app-services.ts';
import { useErrorHandler } from '../../../core/errors/error-handler-context.ts';
import { paths } from '../../../core/routing/paths.ts';
import { fullName, useAccount } from '../../../core/session/account.ts';
import { useSession } from '../../../core/session/use-logged-in.ts';
import { SessionSetupError } from '../../../core/session/establish-session.ts';
import { stopActing } from '../../../core/session/stop-acting.ts';

/**
 * Shown in the header of every page while an agent acts for a customer (spec 1 §6): who is
 * acting for whom ("Avery Agent acting for Uma User"), and the way back to the agent's own
 * session.
 */
export default function ActingBanner() {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const handleError = useErrorHandler();
  const account = useAccount();
  const agentName = useSession()?.agentName;
  const [stopping, setStopping] = useState(false);
  const name = account ? fullName(account) : '';

  const onStop = async () => {
    setStopping(true);
    try {
      const outcome = await stopActing({ api, queryClient, partnerId: runtime.partnerId });
      await navigate(outcome === 'restored' ? paths.dashboard : paths.landing, { replace: true });
    } catch (error) {
      if (!(error instanceof SessionSetupError)) void handleError(error);
      await navigate(paths.landing, { replace: true });
    } finally {
      setStopping(false);
    }
  };

  return (
    <Alert
      severity="warning"
      square
      role="region"
      aria-label={t('agent.acting_region')}
      data-testid="acting-banner"
      action={
        <Button color="inherit" variant="outlined" size="small" loading={stopping} onClick={onStop}>
          {t('agent.stop_acting')}
        </Button>
      }
      sx={{ alignItems: 'center', borderBottom: 2, borderColor: 'warning.main', fontWeight: 500 }}
    >
      {name && agentName
        ? t('agent.agent_acting_for', { agent: agentName, name })
        : name
          ? t('agent.acting_for', { name })
          : t('agent.acting_for_customer')}
    </Alert>
  );
}
