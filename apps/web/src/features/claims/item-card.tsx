import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { InsuredItem } from '@tern/domain/claims/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataset } from '../../core/data/use-dataset.ts';
import { userDetailsDataset } from '../../core/session/session-queries.ts';
import { BankConnection, BankingChip, DisconnectButton } from './bank-connection.tsx';
import { grantedConsentOf } from './banking.ts';
import { MISSING } from './claim-format.ts';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';

/**
 * One insured business (spec 2 §2.6): its name and address, how we reach the customer about
 * it (their contact phone and email), the policy it is written under, whether its revenue can
 * be read (the banking chip, the bank and accounts when it can), Disconnect and Cancel
 * insurance.
 */
export function ItemCard({
  item,
  onCancel,
}: {
  item: InsuredItem;
  /** Cancel insurance, when the user may. */
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation('claims');
  const account = useDataset(userDetailsDataset).data;
  const heading = useId();
  const consent = grantedConsentOf(item);
  const needsBanking = item.permissions.some((p) => p.permission === 'BANKING');
  return (
    <Card component="li" variant="outlined" aria-labelledby={heading}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography
            variant="h6"
            component="h3"
            id={heading}
            sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
          >
            {item.properties.name}
          </Typography>
          {needsBanking ? <BankingChip connected={consent !== null} /> : null}
        </Box>
        <FactList>
          <Fact term={t('items.address')}>{item.properties.address ?? MISSING}</Fact>
          <Fact term={t('items.phone')}>{account?.mobilePhoneNumber || MISSING}</Fact>
          <Fact term={t('items.email')}>{account?.emailAddress || MISSING}</Fact>
          <Fact term={t('items.policy')}>{item.externalPolicyNumber ?? MISSING}</Fact>
          {consent ? <BankConnection consent={consent} /> : null}
        </FactList>
        {consent || onCancel ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {consent ? <DisconnectButton consent={consent} /> : null}
            {onCancel ? (
              <Button color="error" onClick={onCancel}>
                {t('items.cancel')}
              </Button>
            ) : null}
          </Box>
        ) : null}
      </CardContent>
    </Card>
  );
}
