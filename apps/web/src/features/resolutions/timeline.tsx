import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  kindsOf,
  type ResolutionEvidence,
  type ResolutionOptions,
  type ResolutionTrailEntry,
} from '@tern/domain/resolutions/schemas';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCodedText } from '../../lib/coded-text.ts';
import { formatDateTimeUtc, formatMoney } from '@tern/domain/i18n/format';
import { useTypeLabel } from './type-label.ts';

type Entry = { at: string; text: string; detail: string | null };

/** Who reads the timeline: the customer, or an agent acting for them (who has a name). */
export type TimelineViewer = { acting: false } | { acting: true; customerName: string | null };

const hoursMinutes = (t: TFunction<'resolutions'>, minutes: number) =>
  t('card.hours_minutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });

/**
 * One status of the flight, as a person would say it: on schedule, delayed by how much and
 * leaving when, departed or landed (late or not), diverted, cancelled — never "scheduled,
 * 0 h 0 min late" (issue 25 item 5.14).
 */
function flightLine(t: TFunction<'resolutions'>, e: ResolutionEvidence): string {
  const delay = hoursMinutes(t, e.delayMinutes);
  const late = e.delayMinutes > 0;
  switch (e.state) {
    case 'cancelled':
      return t('timeline.flight_cancelled');
    case 'diverted':
      return t('timeline.flight_diverted', { airport: e.divertedTo ?? '---' });
    case 'departed':
      return late ? t('timeline.flight_departed_late', { delay }) : t('timeline.flight_departed');
    case 'arrived':
      return late ? t('timeline.flight_arrived_late', { delay }) : t('timeline.flight_arrived');
    default:
      return late
        ? t('timeline.flight_delayed', { delay, time: e.departureLocal.slice(11, 16) })
        : t('timeline.flight_on_time');
  }
}

/**
 * Why an option moved by itself, from the move: no lounge at the airport, no hotel room, a
 * booking or a payment that did not go through. Null where the move says it all.
 */
function whyOf(t: TFunction<'resolutions'>, line: ResolutionTrailEntry): string | null {
  if (line.actor !== 'system' || line.payment) return null;
  const kinds = kindsOf(line.type);
  if (line.to === 'None' && kinds.includes('LOUNGE')) return t('timeline.why.no_lounge');
  if (line.to === 'None' && kinds.includes('HOTEL')) return t('timeline.why.no_hotel');
  if (line.to !== 'Failed') return null;
  if (kinds.includes('LOUNGE')) return t('timeline.why.lounge_failed');
  if (kinds.includes('HOTEL')) return t('timeline.why.hotel_full');
  if (kinds.includes('REBOOKING')) return t('timeline.why.flight_full');
  if (kinds.includes('CASH')) return t('timeline.why.payment_returned');
  return null;
}

/**
 * Evidence and audit trail (issue 14 item 8, issue 25 item 5.14): the flight's statuses behind
 * the options (the source, the delay threshold each reached and the next one, which is why an
 * option is not there yet), every change of each option's status — who made it (the viewer
 * "you"; the customer by name to an agent acting for them; an agent; or Tern by itself, with
 * why) and an agent's reason — and every step of each payment, newest first.
 */
export function Timeline({
  options,
  viewer,
}: {
  options: ResolutionOptions;
  viewer: TimelineViewer;
}) {
  const { t, i18n } = useTranslation('resolutions');
  const typeLabel = useTypeLabel();
  const written = useCodedText();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, i18n.language);
  const by = (line: ResolutionTrailEntry) => {
    if (line.mine) return t('timeline.by_you');
    if (line.actor === 'customer')
      return viewer.acting && viewer.customerName
        ? t('timeline.by_customer_named', { name: viewer.customerName })
        : t('timeline.by_customer');
    return t(`timeline.by_${line.actor}`);
  };
  const statusText = (line: ResolutionTrailEntry) => {
    const type = typeLabel(line.type);
    if (line.payment) {
      const amount = money(line.payment.amount, line.payment.currency);
      return t(`timeline.payment_${line.payment.status}`, { amount });
    }
    if (line.from === null && line.waitsOn) return t(`timeline.waits_on_${line.waitsOn}`, { type });
    if (line.from === null) return t('timeline.offered', { type });
    return t('timeline.changed', {
      type,
      from: t(`status.${line.from}`),
      to: t(`status.${line.to ?? line.from}`),
    });
  };
  const entries: Entry[] = [
    ...options.evidence.map((e) => ({
      at: e.at,
      text: flightLine(t, e),
      detail: [
        e.source === 'customer'
          ? t(viewer.acting ? 'timeline.source_customer_other' : 'timeline.source_customer')
          : t('timeline.source_provider'),
        e.threshold === null ? null : t('timeline.threshold', { minutes: e.threshold }),
        e.nextThreshold === null
          ? null
          : t('timeline.next_threshold', { minutes: e.nextThreshold }),
      ]
        .filter(Boolean)
        .join(' · '),
    })),
    ...options.trail.map((line) => {
      const why = whyOf(t, line);
      // Why Tern's payment failed, in the reader's language (a coded text, not the bank's words).
      const failure = line.payment?.failureText;
      return {
        at: line.at,
        text: statusText(line),
        detail: [
          line.payment ? null : by(line),
          why,
          failure ? t('timeline.failure_reason', { reason: written(failure) }) : null,
          line.reason ? t('timeline.reason', { reason: line.reason }) : null,
        ]
          .filter(Boolean)
          .join(' · '),
      };
    }),
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
