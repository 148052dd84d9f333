import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { luggageContracts } from '@tern/domain/luggage/contracts';
import type { LostBag } from '@tern/domain/luggage/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { datasetQueryKey } from '../../core/data/dataset.ts';
import { useDataset, useDatasetContext, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { BagCard } from './bag-card.tsx';
import { luggageDataset } from './datasets.ts';

const ReportWizard = lazy(() => import('./report/report-wizard.tsx'));

/** The feature behind the page (spec 2 §6: customer-travel-luggage gates the luggage panel). */
const FEATURE = 'customer-travel-luggage';

/**
 * `/luggage` (issue 27 item 5): the customer's lost-bag reports, newest first, each with its
 * status, tracing history, photo and resolution card, and Report a bag. The list follows the
 * API's live events: a bag the airline's tracing moves changes without a reload.
 */
export default function LuggagePage() {
  const { t } = useTranslation('luggage');
  const access = useAccess();
  return (
    <Page title={t('title')} lead={t('lead')} testId="luggage">
      {access.hasFeature(FEATURE) ? <Bags /> : <Alert severity="info">{t('no_access')}</Alert>}
    </Page>
  );
}

function Bags() {
  const { t } = useTranslation('luggage');
  const bags = useDataset(luggageDataset);
  const refresh = useRefreshDataset(luggageDataset);
  const handleError = useErrorHandler();
  const access = useAccess();
  const context = useDatasetContext();
  const client = useQueryClient();
  const toast = useToast();
  const [reporting, setReporting] = useState(false);
  const [withdrawing, setWithdrawing] = useState<LostBag | null>(null);
  const list = bags.data ?? [];
  const canReport = access.canDo(FEATURE, 'CREATE');
  const reportButton = canReport ? (
    <Button variant="contained" onClick={() => setReporting(true)}>
      {t('report')}
    </Button>
  ) : null;

  const withdraw = async (bag: LostBag) => {
    const left = await context.api.call(luggageContracts.removeBag, {
      params: { bagId: bag.bagId },
    });
    client.setQueryData(datasetQueryKey(context.userId, luggageDataset.name), left);
    setWithdrawing(null);
    toast.showMessage(t('bag.withdrawn'), 'success');
  };

  return (
    <>
      <LoadState
        loaded={bags.loaded}
        failed={bags.failed}
        rowHeight={160}
        onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
      >
        {/* One place for the report button, list or none: the button the wizard gives the
            focus back to when it closes is still there once the first bag is listed. */}
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start', mb: list.length ? 3 : 0 }}>
          {list.length === 0 ? <Typography>{t('cards.luggage.empty')}</Typography> : null}
          {reportButton}
        </Box>
        {list.length > 0 ? (
          <Box
            component="ul"
            aria-label={t('list')}
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
          >
            {list.map((bag) => (
              <BagCard
                key={bag.bagId}
                bag={bag}
                canWithdraw={access.canDo(FEATURE, 'DELETE')}
                canResolve={access.canDo('customer-travel-resolutions', 'READ')}
                onWithdraw={() => setWithdrawing(bag)}
              />
            ))}
          </Box>
        ) : null}
      </LoadState>
      {reporting ? (
        <Suspense fallback={null}>
          <ReportWizard onClose={() => setReporting(false)} />
        </Suspense>
      ) : null}
      {withdrawing ? (
        <ConfirmDialog
          title={t('bag.withdraw_title', { pir: withdrawing.pir })}
          yesLabel={t('bag.withdraw_yes')}
          noLabel={t('bag.withdraw_no')}
          onYes={() => withdraw(withdrawing)}
          onNo={() => setWithdrawing(null)}
        >
          {t('bag.withdraw_body')}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
