import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { MISSING } from './claim-format.ts';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';

type InfoTab = 'assignee' | 'broker';

/**
 * Who handles a claim (spec 2 §2.6 "info"): the claims handler's name, surname, email and
 * mobile, and the broker's email, on two tabs; a detail nobody gave shows as ---.
 */
export function ClaimInfoDialog({ claim, onClose }: { claim: ItemAlert; onClose: () => void }) {
  const { t } = useTranslation('claims');
  const [tab, setTab] = useState<InfoTab>('assignee');
  const id = useId();
  const assignee = claim.assigneeDetails;
  const tabId = (name: InfoTab) => `${id}-${name}-tab`;
  const panelId = (name: InfoTab) => `${id}-${name}-panel`;
  return (
    <Dialog open title={t('info.title', { number: claim.claimNumber })} onClose={onClose}>
      <Tabs
        value={tab}
        onChange={(_, next: InfoTab) => setTab(next)}
        aria-label={t('info.tabs')}
        variant="fullWidth"
        sx={{ mb: 2 }}
      >
        {(['assignee', 'broker'] as const).map((name) => (
          <Tab
            key={name}
            value={name}
            label={t(`info.${name}`)}
            id={tabId(name)}
            aria-controls={panelId(name)}
          />
        ))}
      </Tabs>
      {/* Both panels stay in the page (the hidden one too), so each tab controls one. */}
      <Box
        role="tabpanel"
        id={panelId('assignee')}
        aria-labelledby={tabId('assignee')}
        hidden={tab !== 'assignee'}
      >
        <FactList>
          <Fact term={t('info.firstname')}>{assignee?.firstname || MISSING}</Fact>
          <Fact term={t('info.surname')}>{assignee?.surname || MISSING}</Fact>
          <Fact term={t('info.email')}>{assignee?.email || MISSING}</Fact>
          <Fact term={t('info.mobile')}>{assignee?.mobilePhoneNumber || MISSING}</Fact>
        </FactList>
      </Box>
      <Box
        role="tabpanel"
        id={panelId('broker')}
        aria-labelledby={tabId('broker')}
        hidden={tab !== 'broker'}
      >
        <FactList>
          <Fact term={t('info.email')}>{claim.brokerAssignee || MISSING}</Fact>
        </FactList>
      </Box>
    </Dialog>
  );
}
