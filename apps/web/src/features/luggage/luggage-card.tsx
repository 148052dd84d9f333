import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { formatDate } from '@tern/domain/i18n/format';
import { luggageDataset } from './datasets.ts';

/** LUGGAGE: the user's lost-bag reports. */
export default function LuggageCard() {
  const { t, i18n } = useTranslation('luggage');
  const bags = useDataset(luggageDataset);
  const list = bags.data ?? [];
  return (
    <CardBody
      loaded={bags.loaded}
      failed={bags.failed}
      empty={list.length === 0}
      emptyText={t('cards.luggage.empty')}
    >
      <ItemList
        label={t('dashboard.cards.luggage.title')}
        entries={list.map((bag) => ({
          key: bag.bagId,
          primary: t('cards.luggage.report', { pir: bag.pir }),
          secondary: t('cards.luggage.status', {
            status: t(`cards.luggage.statuses.${bag.status}`),
            date: formatDate(bag.reportedOn, i18n.language),
          }),
        }))}
      />
    </CardBody>
  );
}
