import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { DashboardCard as DashboardCardName } from '@tern/domain/constants';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** One dashboard card; until its feature arrives it shows the card's empty state. */
export function DashboardCard({ card }: { card: DashboardCardName }) {
  const { t } = useTranslation();
  const titleId = useId();
  const key = card.toLowerCase();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" data-card={card}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {t(`dashboard.cards.${key}.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`dashboard.cards.${key}.empty`)}</Typography>
      </CardContent>
    </Card>
  );
}
