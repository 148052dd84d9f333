import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDate } from '@tern/domain/i18n/format';
import type { AlertSeverity } from '@tern/domain/monitoring/severity';
import type { Breach, MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useTranslation } from 'react-i18next';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';

const SEVERITY_COLOURS: Record<AlertSeverity, ChipProps['color']> = {
  critical: 'error',
  high: 'warning',
  medium: 'info',
  low: 'default',
};

/** The alert's level, worded and coloured (the colour is never the only sign: the word is). */
function SeverityChip({ level }: { level: AlertSeverity }) {
  const { t } = useTranslation('monitoring');
  return (
    <Chip size="small" color={SEVERITY_COLOURS[level]} label={t(`severity.levels.${level}`)} />
  );
}

/** What the breach source doubts about a breach; a doubtful breach is never shown as certain. */
type Doubt = 'fabricated' | 'spam_list' | 'unverified';
const doubtOf = (breach: Breach): Doubt | null =>
  breach.isFabricated
    ? 'fabricated'
    : breach.isSpamList
      ? 'spam_list'
      : !breach.isVerified
        ? 'unverified'
        : null;

/**
 * Its title ("Found in ExampleShop"), said as a possibility when the source doubts the
 * breach (unverified, fabricated, a spam list).
 */
export function useAlertTitle(): (alert: MonitoringAlert) => string {
  const { t } = useTranslation('monitoring');
  return (alert) =>
    doubtOf(alert.breach)
      ? t('alert.title_doubtful', { title: alert.breach.title })
      : t('alert.title', { title: alert.breach.title });
}

/** The chips of an alert: its level, its state, and the marks of a doubtful or sensitive breach. */
export function AlertChips({ alert }: { alert: MonitoringAlert }) {
  const { t } = useTranslation('monitoring');
  const doubt = doubtOf(alert.breach);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <SeverityChip level={alert.severity.level} />
      {doubt ? (
        // The warning colour marks the border: as text at chip size it is too faint to read.
        <Chip
          size="small"
          variant="outlined"
          sx={{ borderColor: 'warning.main', color: 'text.primary' }}
          label={t(`breach.${doubt}.label`)}
        />
      ) : null}
      {alert.breach.isSensitive ? (
        <Chip size="small" variant="outlined" label={t('breach.sensitive.label')} />
      ) : null}
      {alert.completed ? (
        <Chip
          size="small"
          variant="outlined"
          color="success"
          label={alert.dismissal ? t('alert.dismissed') : t('alert.closed')}
        />
      ) : null}
    </Box>
  );
}

/**
 * What an alert is about, in full: the doubt said in words, why it ranks where it does (its
 * reasons), the item, the breach's dates and what it held.
 */
export function AlertFacts({ alert }: { alert: MonitoringAlert }) {
  const { t, i18n } = useTranslation('monitoring');
  const doubt = doubtOf(alert.breach);
  const type = t(`types.${alert.dataType}.value`);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {doubt ? <Typography variant="body2">{t(`breach.${doubt}.body`)}</Typography> : null}
      <Box>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('alert.why')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {alert.severity.reasons.map((reason) => (
            <Typography component="li" variant="body2" key={reason}>
              {t(`severity.reasons.${reason}`)}
            </Typography>
          ))}
        </Box>
      </Box>
      <FactList>
        <Fact term={t('alert.item')}>
          {t('alert.item_value', {
            name: alert.friendlyName,
            type,
            value: alert.displayValue,
          })}
        </Fact>
        <Fact term={t('alert.breach_date')}>
          {alert.breachDate ? formatDate(alert.breachDate, i18n.language) : t('alert.unknown')}
        </Fact>
        <Fact term={t('alert.detected_on')}>{formatDate(alert.detectedOn, i18n.language)}</Fact>
        <Fact term={t('alert.data_classes')}>
          {alert.breach.dataClasses.length
            ? alert.breach.dataClasses.join(', ')
            : t('alert.unknown')}
        </Fact>
        {alert.dismissal ? (
          <Fact term={t('alert.dismissed')}>
            {t(`dismiss.reasons.${alert.dismissal.reason}`)}
            {alert.dismissal.note ? ` · ${alert.dismissal.note}` : ''}
          </Fact>
        ) : null}
      </FactList>
    </Box>
  );
}

/**
 * A breach's description as the source wrote it: Have I Been Pwned writes HTML (links, bold).
 * Only its text is shown: parsed inertly (DOMParser runs no script and loads nothing).
 */
export function breachDescription(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}
