import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BANKING_CONSENT_DAYS,
  BANKING_HISTORY_MONTHS,
  BANKING_RECONFIRM_DAYS,
} from '@tern/domain/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/page/load-state.tsx';
import { useDataset, useRefreshDataset } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';
import { itemsNeedingBanking } from './banking.ts';
import { itemsDataset } from './datasets.ts';
import { ToBankActions } from './to-bank-actions.tsx';

/**
 * Before the bank (spec 2 §2.2, issue 28 item 2): what connecting shares and for how long, the
 * businesses that need it, and Continue to your bank.
 */
export function GrantIntro() {
  const { t } = useTranslation('claims');
  const items = useDataset(itemsDataset);
  const refresh = useRefreshDataset(itemsDataset);
  const handleError = useErrorHandler();
  const sharesHeading = useId();
  const itemsHeading = useId();
  const waiting = itemsNeedingBanking(items.data ?? []);
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box component="section" aria-labelledby={sharesHeading}>
        <Typography variant="h6" component="h2" id={sharesHeading} sx={{ mb: 1 }}>
          {t('grant.shares_title')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, display: 'grid', gap: 1 }}>
          <li>{t('grant.shares_history', { months: BANKING_HISTORY_MONTHS })}</li>
          <li>
            {t('grant.shares_duration', {
              days: BANKING_CONSENT_DAYS,
              reconfirm: BANKING_RECONFIRM_DAYS,
            })}
          </li>
          <li>{t('grant.shares_revoke')}</li>
        </Box>
      </Box>
      <Box component="section" aria-labelledby={itemsHeading}>
        <Typography variant="h6" component="h2" id={itemsHeading} sx={{ mb: 1 }}>
          {t('grant.items_title')}
        </Typography>
        <LoadState
          loaded={items.loaded}
          failed={items.failed}
          rowHeight={40}
          onRetry={() => void refresh().catch((error: unknown) => handleError(error))}
        >
          {waiting.length === 0 ? (
            <Typography>{t('grant.items_none')}</Typography>
          ) : (
            <Box component="ul" aria-labelledby={itemsHeading} sx={{ m: 0, pl: 3 }}>
              {waiting.map((item) => (
                <li key={item.itemId}>
                  {item.properties.address
                    ? t('grant.item', {
                        name: item.properties.name,
                        address: item.properties.address,
                      })
                    : item.properties.name}
                </li>
              ))}
            </Box>
          )}
        </LoadState>
      </Box>
      <ToBankActions label={t('grant.continue')} />
    </Box>
  );
}
