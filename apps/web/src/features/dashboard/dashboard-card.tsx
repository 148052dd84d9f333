import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { DashboardCard as DashboardCardName } from '@tern/domain/constants';
import type { PartnerMode } from '@tern/domain/partners/config';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  InitialScanContent,
  LuggageContent,
  PassengersContent,
  PayoutMethodsContent,
  SummaryContent,
  TripsContent,
} from './card-contents.tsx';

const contents: Record<DashboardCardName, (props: { mode: PartnerMode }) => React.ReactNode> = {
  INITIAL_SCAN: InitialScanContent,
  TRIPS: TripsContent,
  SUMMARY: SummaryContent,
  LUGGAGE: LuggageContent,
  PASSENGERS: PassengersContent,
  PAYMENT_METHODS: PayoutMethodsContent,
};

/** One dashboard card: its title and the user's data from the card's datasets. */
export function DashboardCard({ card, mode }: { card: DashboardCardName; mode: PartnerMode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const Content = contents[card];
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" data-card={card}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {t(`dashboard.cards.${card.toLowerCase()}.title`)}
        </Typography>
        <Content mode={mode} />
      </CardContent>
    </Card>
  );
}
