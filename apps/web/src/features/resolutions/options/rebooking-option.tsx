import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { formatDate } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';
import { useCodedText } from '../../../lib/coded-text.ts';
import { type OptionProps } from './option-frame.tsx';
import { RequestFlow } from './request-flow.tsx';

/** A rebooking (spec 2 §4.7): the flights offered, then the flights booked. */
export function RebookingOption(props: OptionProps) {
  const { t, i18n } = useTranslation('resolutions');
  const written = useCodedText();
  const { alternateFlights, confirmation } = props.option.state;
  // Offers of one flight or a connection share a link id: one radio each.
  const offers = [...new Set(alternateFlights.map((f) => f.linkId))].map((linkId) => {
    const legs = alternateFlights.filter((f) => f.linkId === linkId);
    const first = legs[0]!;
    return {
      id: linkId,
      label: `${legs.map((l) => l.flightNumber).join(' + ')} · ${first.embarkDate.replace('T', ' ')} ${first.origin} → ${legs.at(-1)!.destination} · ${
        first.stopAirport
          ? t('rebooking.stop', { airport: first.stopAirport, minutes: first.stopTime })
          : t('rebooking.direct')
      }`,
    };
  });
  // Spec 2 §4.7: sorted by embark date, the confirmation on the last.
  const flights = [...(confirmation?.flights ?? [])].sort((a, b) =>
    a.embarkDate.localeCompare(b.embarkDate),
  );
  return (
    <RequestFlow
      {...props}
      question={t('rebooking.question')}
      offersLabel={t('rebooking.title')}
      offers={offers}
      pick={(linkId) => ({
        flightIds: alternateFlights.filter((f) => f.linkId === linkId).map((f) => f.flightId),
      })}
      none={t('messages.no_resolution')}
      requested={t('messages.awaiting_flight')}
      booked={
        <Alert severity="success">
          {t('rebooking.booked')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {flights.map((f, i) => (
              <li key={`${f.flightNumber}-${f.embarkDate}`}>
                {f.flightNumber} · {formatDate(f.embarkDate.slice(0, 10), i18n.language)}{' '}
                {f.embarkDate.slice(11, 16)} · {f.originAirport} → {f.destinationAirport}
                {i === flights.length - 1 ? (
                  <>
                    <br />
                    {t('rebooking.confirmation', { number: f.confirmationNumber })} —{' '}
                    {written(f.confirmationMessage)}
                  </>
                ) : null}
              </li>
            ))}
          </Box>
        </Alert>
      }
    />
  );
}
