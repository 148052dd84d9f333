import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PAYOUT_ADDRESS_FIELDS, type PayoutMethod } from '@tern/domain/payouts/schemas';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { payoutConfigDataset, payoutMethodsDataset } from './datasets.ts';
import { PayoutMethodActions } from './payout-method-actions.tsx';
import { payoutsPaths } from './paths.ts';

const SetupPayoutDialog = lazy(() => import('./setup-payout-dialog.tsx'));

/**
 * `/payout-methods` (spec 1 §7 "Payout methods"): where the user's money goes. The preferred
 * method first, each with its provider, masked account, currency and address; the holder adds
 * one through the partner's providers (or its supplier's page), makes one preferred, gives an
 * address, moves one to Corpay, or removes one. An agent acting for the customer sees them only.
 */
export default function PayoutMethodsPage() {
  const { t } = useTranslation('payouts');
  const methods = useDataset(payoutMethodsDataset);
  const config = useDataset(payoutConfigDataset);
  const refresh = useRefreshDataset(payoutMethodsDataset);
  const handleError = useErrorHandler();
  const access = useAccess();
  const [settingUp, setSettingUp] = useState(false);
  const list = methods.data ?? [];
  const canAdd = !access.acting && config.data !== undefined;
  const addButton = canAdd ? (
    <Button variant="contained" onClick={() => setSettingUp(true)}>
      {t('methods.add')}
    </Button>
  ) : null;

  return (
    <Page title={t('methods.title')} lead={t('methods.lead')} testId="payout-methods">
      {access.acting ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('methods.holder_only')}
        </Alert>
      ) : null}
      {config.failed && !config.data ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('errors.payout_service_not_configured', { ns: 'translation' })}
        </Alert>
      ) : null}
      <LoadState
        loaded={methods.loaded}
        failed={methods.failed}
        rowHeight={120}
        onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
      >
        {list.length === 0 ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Typography>{t('cards.payment_methods.empty')}</Typography>
            {addButton}
          </Box>
        ) : (
          <>
            {addButton ? <Box sx={{ mb: 3 }}>{addButton}</Box> : null}
            <Box
              component="ul"
              aria-label={t('methods.list')}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
            >
              {list.map((method) => (
                <MethodCard key={method.payoutMethodId} method={method} actions={!access.acting} />
              ))}
            </Box>
          </>
        )}
      </LoadState>
      <Typography sx={{ mt: 4 }}>
        <Link component={RouterLink} to={payoutsPaths.payments}>
          {t('methods.see_payments')}
        </Link>
      </Typography>
      {settingUp ? (
        <Suspense fallback={null}>
          <SetupPayoutDialog onClose={() => setSettingUp(false)} />
        </Suspense>
      ) : null}
    </Page>
  );
}

/** "Flat 2, 10 King St, Toronto, ON, M5H 1A1": the address lines a method holds. */
const addressOf = (method: PayoutMethod) =>
  PAYOUT_ADDRESS_FIELDS.map((key) => method.extras[key])
    .filter(Boolean)
    .join(', ');

function MethodCard({ method, actions }: { method: PayoutMethod; actions: boolean }) {
  const { t } = useTranslation('payouts');
  const account = method.iban ?? method.accountNumber;
  const address = addressOf(method);
  return (
    <Card component="li" variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
            {method.description}
          </Typography>
          {method.preferred === 1 ? (
            <Chip size="small" color="primary" label={t('cards.payment_methods.preferred')} />
          ) : null}
          {actions ? <PayoutMethodActions method={method} /> : null}
        </Box>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            m: 0,
            '& dd': { m: 0, overflowWrap: 'anywhere' },
          }}
        >
          <Typography component="dt" color="text.secondary">
            {t('methods.provider')}
          </Typography>
          <Typography component="dd">
            {t(`providers.${method.type}`, { defaultValue: method.type })}
          </Typography>
          {account ? (
            <>
              <Typography component="dt" color="text.secondary">
                {method.iban ? t('fields.iban') : t('fields.accountNumber')}
              </Typography>
              <Typography component="dd">{account}</Typography>
            </>
          ) : null}
          <Typography component="dt" color="text.secondary">
            {t('methods.currency')}
          </Typography>
          <Typography component="dd">{method.currency}</Typography>
          <Typography component="dt" color="text.secondary">
            {t('methods.address')}
          </Typography>
          <Typography component="dd">{address || t('methods.no_address')}</Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
