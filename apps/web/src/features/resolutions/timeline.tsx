import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ResolutionOptions } from '@tern/domain/resolutions/schemas';
import { useTranslation } from 'react-i18next';
import { formatDateTimeUtc } from '../../lib/format.ts';
import { useTypeLabel } from './option-card.tsx';

type Entry = { at: string; text: string; detail: string | null };

/**
 * Evidence and audit trail (issue 14 item 8): the flight's status changes behind the options
 * (time, source, the delay at each step and the threshold it reached) and every change of
 * each option's status (by Tern, the insured or an agent, with the agent's reason), newest
 * first.
 */
export function Timeline({ options }: { options: ResolutionOptions }) {
  const { t } = useTranslation('resolutions');
  const typeLabel = useTypeLabel();
  const delay = (minutes: number) =>
    t('card.hours_minutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  const entries: Entry[] = [
    ...options.evidence.map((e) => ({
      at: e.at,
      text:
        e.state === 'cancelled'
          ? t('timeline.flight_cancelled')
          : t('timeline.flight_change', {
              state: t(`timeline.states.${e.state}`),
              delay: delay(e.delayMinutes),
            }),
      detail: [
        t(`timeline.source_${e.source}`),
        e.threshold === null ? null : t('timeline.threshold', { minutes: e.threshold }),
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    ...options.trail.map((h) => ({
      at: h.at,
      text:
        h.from === null
          ? t('timeline.offered', { type: typeLabel(h.type), status: t(`status.${h.to}`) })
          : t('timeline.changed', {
              type: typeLabel(h.type),
              from: t(`status.${h.from}`),
              to: t(`status.${h.to}`),
            }),
      detail: [
        t(`timeline.by_${h.actor}`),
        h.reason ? t('timeline.reason', { reason: h.reason }) : null,
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  if (entries.length === 0) return null;
  return (
    <Box component="section" aria-label={t('timeline.title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('timeline.title')}
      </Typography>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {entries.map((entry, i) => (
          <Box
            component="li"
            key={`${entry.at}-${i}`}
            sx={{ borderLeft: 2, borderColor: 'divider', pl: 1.5 }}
          >
            <Typography variant="body2" color="text.secondary">
              {formatDateTimeUtc(entry.at)}
            </Typography>
            <Typography variant="body2">{entry.text}</Typography>
            {entry.detail ? (
              <Typography variant="body2" color="text.secondary">
                {entry.detail}
              </Typography>
            ) : null}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
