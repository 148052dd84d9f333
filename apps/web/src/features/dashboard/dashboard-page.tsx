import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { partnerMode } from '@tern/domain/partners/config';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.ts';
import { useAccount } from '../../app/session/account-store.ts';
import { useAccess } from '../../app/session/use-access.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { dashboardCards } from './dashboard-cards.ts';

/**
 * `/dashboard`, where a user lands after login: a greeting, the agent console for agents and
 * administrators (given by the router: it belongs to the agents feature), and the partner's
 * cards in the configured order, each with the user's data.
 */
export function DashboardPage({ agentConsole }: { agentConsole?: ReactNode }) {
  const { t } = useTranslation();
  const { config } = useAppServices().themeConfig;
  const account = useAccount();
  const access = useAccess();
  const mode = partnerMode(config);
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="dashboard">
      <Typography variant="h4" component="h1" gutterBottom>
        {account ? t('dashboard.greeting', { name: account.firstName }) : t('dashboard.title')}
      </Typography>
      {access.isStaff && !access.acting ? agentConsole : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, 1fr)' } }}>
        {dashboardCards(mode).map((card) => (
          <DashboardCard key={card} card={card} mode={mode} />
        ))}
      </Box>
    </Container>
  );
}
