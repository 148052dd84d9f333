import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page/page.tsx';
import { useAppServices } from '../../core/app-services.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';
import { useAccount } from '../../core/session/account.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { AgentConsole } from '../../features/accounts/index.ts';
import { webAreas } from '../areas.ts';
import { PageLoader } from '../../components/page/page-loader.tsx';
import { DashboardCard } from './dashboard-card.tsx';
import { dashboardCards } from './dashboard-cards.ts';

/**
 * `/dashboard`, where a user lands after login (spec 1 §2). A customer (or an agent acting
 * for one) sees a greeting and the partner's cards in the configured order, each with what
 * the areas the partner offers show on it. Staff on their own session have no policies or
 * trips of their own: their home is the agent console.
 */
export function DashboardPage() {
  const access = useAccess();
  return access.onOwnConsole ? <AgentHome /> : <CustomerDashboard />;
}

function AgentHome() {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <Page
      title={t('nav.agent_console')}
      lead={account ? t('dashboard.agent_intro', { name: account.firstName }) : undefined}
      testId="agent-home"
    >
      <Suspense fallback={<PageLoader />}>
        <AgentConsole />
      </Suspense>
    </Page>
  );
}

function CustomerDashboard() {
  const { t } = useTranslation();
  const { config } = useAppServices().themeConfig;
  const account = useAccount();
  usePageTitle(t('nav.dashboard'));
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 4 } }} data-testid="dashboard">
      <Typography variant="h4" component="h1" gutterBottom>
        {account ? t('dashboard.greeting', { name: account.firstName }) : t('dashboard.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, 1fr)' } }}>
        {dashboardCards(webAreas, config).map((plan) => (
          <DashboardCard key={plan.card} plan={plan} />
        ))}
      </Box>
    </Container>
  );
}
