import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { payoutMethodsDataset } from './datasets.ts';

/** PAYMENT_METHODS: payout methods with their masked account, the preferred one marked. */
export default function PaymentMethodsCard() {
  const { t } = useTranslation('payouts');
  const methods = useDataset(payoutMethodsDataset);
  const list = methods.data ?? [];
  return (
    <CardBody
      loaded={methods.loaded}
      failed={methods.failed}
      empty={list.length === 0}
      emptyText={t('cards.payment_methods.empty')}
    >
      <ItemList
        label={t('dashboard.cards.payment_methods.title')}
        entries={list.map((method) => ({
          key: method.payoutMethodId,
          primary: method.description,
          // Account numbers and IBANs only ever arrive masked from the API.
          secondary: method.accountNumber ?? method.iban ?? method.provider,
          end:
            method.preferred === 1 ? (
              <Chip size="small" color="primary" label={t('cards.payment_methods.preferred')} />
            ) : undefined,
        }))}
      />
    </CardBody>
  );
}
