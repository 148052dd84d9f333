import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CardBody } from '../../components/cards/card-body.tsx';
import type { CardPlan } from './dashboard-cards.ts';

/** One dashboard card: its title, then what each area shows on it, in the areas' order. */
export function DashboardCard({ plan }: { plan: CardPlan }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} variant="outlined" data-card={plan.card}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {t(`dashboard.cards.${plan.card.toLowerCase()}.title`)}
        </Typography>
        {plan.parts.map((Part, index) => (
          <Suspense
            key={index}
            fallback={
              <CardBody loaded={false} failed={false} empty={false} emptyText="">
                {null}
              </CardBody>
            }
          >
            <Part />
          </Suspense>
        ))}
      </CardContent>
    </Card>
  );
}
