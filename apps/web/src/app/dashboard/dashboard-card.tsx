import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DefaultEmptyActionContext } from '../../components/cards/card-action.ts';
import { CardBody } from '../../components/cards/card-body.tsx';
import { inWidgetPanel } from '../../core/session/tab-storage.ts';
import { contentPaths } from '../../features/content/index.ts';
import type { CardPlan } from './dashboard-cards.ts';

/**
 * The least room of a card: its title and three two-line entries of a list, what most cards
 * hold. A card keeps it from its skeleton to its content, so cards arriving one by one (each
 * with its dataset, stage after stage) do not push the cards below them (CLS); a longer list
 * still grows its card.
 */
const DASHBOARD_CARD_MIN_HEIGHT = '15rem';

/**
 * One dashboard card: its title (a link to the area's page when the area has one), then what
 * each area shows on it, in the areas' order. An empty part that names no action of its own
 * offers the help centre, so no card is a dead end.
 */
export function DashboardCard({ plan }: { plan: CardPlan }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = t(`dashboard.cards.${plan.card.toLowerCase()}.title`);
  const helpAction = useMemo(
    () => ({ label: t('dashboard.help_action'), to: contentPaths.help }),
    [t],
  );
  return (
    <Card
      component="section"
      // In a widget panel the partner's page around the frame has regions of its own, named
      // as these cards are (its Passengers panel, our Passengers card): there the cards are
      // headed sections, not landmarks, so no landmark repeats one of the host's.
      aria-labelledby={inWidgetPanel ? undefined : titleId}
      variant="outlined"
      data-card={plan.card}
      sx={{ minHeight: DASHBOARD_CARD_MIN_HEIGHT }}
    >
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" gutterBottom>
          {plan.page ? (
            <Link component={RouterLink} to={plan.page} underline="hover" color="inherit">
              {title}
            </Link>
          ) : (
            title
          )}
        </Typography>
        <DefaultEmptyActionContext value={helpAction}>
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
        </DefaultEmptyActionContext>
      </CardContent>
    </Card>
  );
}
