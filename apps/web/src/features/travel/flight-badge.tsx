import Chip from '@mui/material/Chip';
import type { Flight, Trip } from '@tern/domain/travel/schemas';
import { flightBadge, type FlightBadge as Badge } from '@tern/domain/travel/rules';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<Badge, 'default' | 'info' | 'warning' | 'error' | 'success'> = {
  scheduled: 'default',
  departed: 'success',
  delayed: 'warning',
  cancelled: 'error',
  departed_delayed: 'warning',
};

/** A flight's state badge by the rules of spec 2 §2.3 (the domain's `flightBadge`). */
export function FlightBadge({ flight, alerts }: { flight: Flight; alerts: Trip['alerts'] }) {
  const { t } = useTranslation('travel');
  const badge = flightBadge(flight, alerts);
  return (
    <Chip
      size="small"
      color={COLOURS[badge]}
      label={t(`badges.${badge}`)}
      data-testid={`badge-${flight.flightNumber}`}
    />
  );
}
