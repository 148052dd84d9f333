import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { partnerMode } from '@tern/domain/partners/config';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../core/app-services.ts';
import { useAccount } from '../../core/session/account.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { AgentConsole } from '../../features/accounts/index.ts';
import { webAreas } from '../areas.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { dashboardCards } from './dashboard-cards.ts';

/**
 * `/dashboard`, where a user lands after login: a greeting, the agent console for agents and
 * administrators (the accounts area's), and the partner's cards in the configured order,
 * each with what the areas the partner offers show on it.
 */
export function DashboardPage() {
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
      {access.isStaff && !access.acting ? (
        <Suspense fallback={null}>
          <AgentConsole />
        </Suspense>
      ) : null}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, 1fr)' } }}>
        {dashboardCards(webAreas, mode).map((plan) => (
          <DashboardCard key={plan.card} plan={plan} />
        ))}
      </Box>
    </Container>
  );
}
