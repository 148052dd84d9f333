import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/page/load-state.tsx';
import { Page } from '../../components/page/page.tsx';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { BankingBanners } from './banking-banners.tsx';
import { ClaimsSection } from './claims-section.tsx';
import { itemsDataset } from './datasets.ts';
import { ItemsSection } from './items-section.tsx';

/**
 * `/claims`, Insurance and claims (spec 2 §2.6): the banners asking to connect or reconfirm
 * open banking, the insured businesses, then their claims. Items and claims follow the API's
 * live events (ITEMS, `claims.alerts`): a claim a trigger opens shows without a reload.
 */
export default function ClaimsPage() {
  const { t } = useTranslation('claims');
  const items = useDataset(itemsDataset);
  const refresh = useRefreshDataset(itemsDataset);
  const handleError = useErrorHandler();
  return (
    <Page title={t('title')} lead={t('lead')} testId="claims">
      <LoadState
        loaded={items.loaded}
        failed={items.failed}
        rowHeight={160}
        onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
      >
        <BankingBanners items={items.data ?? []} />
        <ItemsSection items={items.data ?? []} />
      </LoadState>
      <ClaimsSection />
    </Page>
  );
}
