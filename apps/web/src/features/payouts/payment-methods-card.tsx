import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { payoutMethodsDataset } from './datasets.ts';
import { PayoutMethodActions } from './payout-method-actions.tsx';
import { payoutsPaths } from './paths.ts';

/**
 * PAYMENT_METHODS: payout methods with their masked account, the preferred one marked, each
 * with the holder's actions (make preferred, remove); adding is on the methods page.
 */
export default function PaymentMethodsCard() {
  const { t } = useTranslation('payouts');
  const methods = useDataset(payoutMethodsDataset);
  const access = useAccess();
  const list = methods.data ?? [];
  return (
    <CardBody
      loaded={methods.loaded}
      failed={methods.failed}
      empty={list.length === 0}
      emptyText={t('cards.payment_methods.empty')}
      emptyAction={{ label: t('methods.add'), to: payoutsPaths.methods }}
    >
      <ItemList
        label={t('dashboard.cards.payment_methods.title', { ns: 'translation' })}
        entries={list.map((method) => ({
          key: method.payoutMethodId,
          primary: method.description,
          // Account numbers and IBANs only ever arrive masked from the API.
          secondary: method.accountNumber ?? method.iban ?? method.currency,
          end: (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              {method.preferred === 1 ? (
                <Chip size="small" color="primary" label={t('cards.payment_methods.preferred')} />
              ) : null}
              {access.acting ? null : <PayoutMethodActions method={method} />}
            </Box>
          ),
        }))}
      />
    </CardBody>
  );
}
