import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { travelContracts } from '@tern/domain/travel/contracts';
import { mayAddPassengers } from '@tern/domain/travel/rules';
import type { Passenger } from '@tern/domain/travel/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { datasetQueryKey } from '../../core/data/dataset.ts';
import { useDataset, useDatasetContext, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { useAccount } from '../../core/session/account.ts';
import { useAuth } from '../../core/session/auth-store.ts';
import { passengersDataset } from './datasets.ts';
import { PassengerDialog } from './passenger-dialog.tsx';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; passenger: Passenger };

/**
 * Passengers (spec 2 §2.4 add / edit / delete passenger): the people the user travels with,
 * the account holder first; adding follows the partner's rule of roles and employees.
 */
export default function PassengersPage() {
  const { t } = useTranslation('travel');
  const { api, themeConfig } = useAppServices();
  const { userId } = useDatasetContext();
  const passengers = useDataset(passengersDataset);
  const refresh = useRefreshDataset(passengersDataset);
  const queryClient = useQueryClient();
  const handleError = useErrorHandler();
  const toast = useToast();
  const { roles } = useAuth();
  const employee = useAccount()?.employee === 1;
  const [open, setOpen] = useState<Open | null>(null);
  const mayAdd = mayAddPassengers(themeConfig.config.addPassengers, { roles, employee });
  const list = passengers.data ?? [];
  return (
    <Page title={t('passengers.title')} lead={t('passengers.lead')} testId="passengers">
      {mayAdd ? (
        <Button variant="contained" sx={{ mb: 3 }} onClick={() => setOpen({ kind: 'add' })}>
          {t('passengers.add')}
        </Button>
      ) : null}
      <LoadState
        loaded={passengers.loaded}
        failed={passengers.failed}
        rowHeight={80}
        onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
      >
        {list.length === 0 ? (
          <Typography>{t('cards.passengers.empty')}</Typography>
        ) : (
          <Box
            component="ul"
            aria-label={t('passengers.list')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {list.map((p) => (
              <Card component="li" variant="outlined" key={p.passengerId}>
                <CardContent
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
                >
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                      {p.name} {p.surname}
                    </Typography>
                    <Typography color="text.secondary">{p.mobilePhoneNumber ?? '---'}</Typography>
                  </Box>
                  {p.accountHolder === 1 ? (
                    <Chip size="small" label={t('cards.passengers.account_holder')} />
                  ) : null}
                  <Button size="small" onClick={() => setOpen({ kind: 'edit', passenger: p })}>
                    {t('passengers.edit')}
                  </Button>
                  {p.accountHolder === 1 ? null : (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setOpen({ kind: 'delete', passenger: p })}
                    >
                      {t('passengers.delete')}
                    </Button>
                  )}
                </CardContent>
              </Card>
            ))}
          </Box>
        )}
      </LoadState>
      {open?.kind === 'add' ? <PassengerDialog onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'edit' ? (
        <PassengerDialog passenger={open.passenger} onClose={() => setOpen(null)} />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('passengers.delete_title', {
            name: `${open.passenger.name} ${open.passenger.surname}`,
          })}
          yesLabel={t('passengers.delete_yes')}
          noLabel={t('passengers.delete_no')}
          onNo={() => setOpen(null)}
          onYes={async () => {
            const left = await api.call(travelContracts.removePassenger, {
              params: { passengerId: open.passenger.passengerId },
            });
            queryClient.setQueryData(datasetQueryKey(userId, passengersDataset.name), left);
            toast.showMessage(t('notifications.passenger_delete'), 'success');
            setOpen(null);
          }}
        >
          {t('passengers.delete_body')}
        </ConfirmDialog>
      ) : null}
    </Page>
  );
}
