import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import type { LostBag } from '@tern/domain/luggage/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The bag's evidence (issue 27 item 3): every change of its status, newest first, with when
 * (UTC, spec 2 §5), who made it (the customer's report, the airline's tracing, its desk, our
 * agent) and where tracing saw the bag.
 */
export function BagTimeline({ events }: { events: LostBag['events'] }) {
  const { t } = useTranslation('luggage');
  const heading = useId();
  if (events.length === 0) return null;
  const newestFirst = [...events].sort((a, b) => b.at.localeCompare(a.at));
  return (
    // Not a landmark: every bag on the page has one, and landmarks must be told apart.
    <Box>
      <Typography variant="subtitle2" component="h3" id={heading} sx={{ mb: 1 }}>
        {t('bag.timeline')}
      </Typography>
      <Box
        component="ol"
        aria-labelledby={heading}
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}
      >
        {newestFirst.map((event, i) => (
          <Box
            component="li"
            key={`${event.at}-${i}`}
            sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('bag.event_time', { time: formatDateTimeUtc(event.at) })}
            </Typography>
            <Typography variant="body2">{t(`statuses.${event.status}`)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {event.station
                ? t('bag.event_detail', {
                    source: t(`sources.${event.source}`),
                    station: event.station,
                  })
                : t(`sources.${event.source}`)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
