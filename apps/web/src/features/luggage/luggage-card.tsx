import Link from '@mui/material/Link';
import { formatDate } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CardBody } from '../../components/cards/card-body.tsx';
import { ItemList } from '../../components/cards/item-list.tsx';
import { useDataset } from '../../core/data/use-dataset.ts';
import { BagStatusChip } from './bag-status-chip.tsx';
import { luggageDataset } from './datasets.ts';
import { luggagePaths } from './paths.ts';

/**
 * LUGGAGE: the user's lost-bag reports, each with its flight, when it was reported and its
 * status chip, leading to the luggage page; with none, Report a bag.
 */
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
      emptyAction={{ label: t('report'), to: luggagePaths.bags }}
    >
      <ItemList
        label={t('dashboard.cards.luggage.title', { ns: 'translation' })}
        entries={list.map((bag) => ({
          key: bag.bagId,
          primary: (
            <Link component={RouterLink} to={luggagePaths.bags}>
              {t('cards.luggage.report', { pir: bag.pir })}
            </Link>
          ),
          secondary: t('cards.luggage.details', {
            flight: bag.flightNumber,
            date: formatDate(bag.created, i18n.language),
          }),
          end: <BagStatusChip status={bag.status} />,
        }))}
      />
    </CardBody>
  );
}
