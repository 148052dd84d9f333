import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { passengersDataset } from './datasets.ts';

/** PASSENGERS: the people the user travels with, in the API's order (account holder first). */
export default function PassengersCard() {
  const { t } = useTranslation('travel');
  const passengers = useDataset(passengersDataset);
  const list = passengers.data ?? [];
  return (
    <CardBody
      loaded={passengers.loaded}
      failed={passengers.failed}
      empty={list.length === 0}
      emptyText={t('cards.passengers.empty')}
    >
      <ItemList
        label={t('dashboard.cards.passengers.title')}
        entries={list.map((passenger) => ({
          key: passenger.passengerId,
          primary: `${passenger.name} ${passenger.surname}`,
          secondary:
            passenger.accountHolder === 1 ? t('cards.passengers.account_holder') : undefined,
        }))}
      />
    </CardBody>
  );
}
