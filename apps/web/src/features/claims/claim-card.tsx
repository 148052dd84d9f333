import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Typography from '@mui/material/Typography';
import { claimAction, type ClaimAction } from '@tern/domain/claims/rules';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { formatDateTimeUtc } from '@tern/domain/i18n/format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ClaimFacts } from './claim-facts.tsx';
import { ClaimInfoDialog } from './claim-info-dialog.tsx';
import { ClaimProgress } from './claim-progress.tsx';
import { useAlertTypeText, useClaimStatusText } from './claim-texts.ts';
import { AcceptedClaim, ClaimActionDialog } from './dialogs/index.ts';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';
import { claimHistoryPath } from './paths.ts';

/**
 * One claim (spec 2 §2.6, §4.9): its number, business, type, event date and status, the
 * 3-step progress and the one action it asks of the customer; expanded, its figures and
 * trigger, and for an accepted claim its prediction and payouts. Info opens who handles it,
 * Timeline its history.
 */
export function ClaimCard({
  claim,
  initiallyExpanded,
  onDialogClosed,
}: {
  claim: ItemAlert;
  initiallyExpanded: boolean;
  /** After the action's dialog closes: the claim may have moved on. */
  onDialogClosed: () => void;
}) {
  const { t } = useTranslation('claims');
  const statusText = useClaimStatusText();
  const typeText = useAlertTypeText();
  const heading = useId();
  const details = useId();
  const [expanded, setExpanded] = useState(initiallyExpanded);
  const [info, setInfo] = useState(false);
  // The action the dialog was opened for: it stays open on its thank-you step after the
  // claim has moved on (its action is then another, or none).
  const [acting, setActing] = useState<Exclude<ClaimAction, 'accepted'> | null>(null);
  const action = claimAction(claim);
  return (
    <Card component="li" variant="outlined" aria-labelledby={heading} data-alert-id={claim.alertId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            variant="h6"
            component="h3"
            id={heading}
            sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
          >
            {t('claim.heading', { number: claim.claimNumber })}
          </Typography>
          <Chip size="small" color="primary" variant="outlined" label={statusText(claim)} />
        </Box>
        <FactList>
          <Fact term={t('claim.property')}>{claim.properties.name}</Fact>
          <Fact term={t('claim.type')}>{typeText(claim.alertType)}</Fact>
          <Fact term={t('claim.date')}>
            {t('claim.utc', { time: formatDateTimeUtc(claim.alertDate) })}
          </Fact>
        </FactList>
        <ClaimProgress claim={claim} />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {action && action !== 'accepted' ? (
            <Button variant="contained" onClick={() => setActing(action)}>
              {t(`claim.actions.${action}`)}
            </Button>
          ) : null}
          <Button
            onClick={() => setExpanded((open) => !open)}
            aria-expanded={expanded}
            aria-controls={details}
          >
            {expanded ? t('claim.collapse') : t('claim.expand')}
          </Button>
          <Button onClick={() => setInfo(true)}>{t('claim.info')}</Button>
          <Button component={RouterLink} to={claimHistoryPath(claim.alertId)}>
            {t('claim.timeline')}
          </Button>
        </Box>
        <Collapse in={expanded} id={details}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <ClaimFacts claim={claim} />
            {/* The accepted view loads its own data: only once it is opened. */}
            {expanded && action === 'accepted' ? <AcceptedClaim claim={claim} /> : null}
          </Box>
        </Collapse>
      </CardContent>
      {info ? <ClaimInfoDialog claim={claim} onClose={() => setInfo(false)} /> : null}
      {acting ? (
        <ClaimActionDialog
          claim={claim}
          action={acting}
          onClose={() => {
            setActing(null);
            onDialogClosed();
          }}
        />
      ) : null}
    </Card>
  );
}
