import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { partnerMode } from '@tern/domain/partner-config';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../app/app-services.ts';
import { DashboardCard } from './dashboard-card.tsx';
import { dashboardCards } from './dashboard-cards.ts';

/** `/dashboard`, where a user lands after login: the partner's cards in the configured order. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { config } = useAppServices().themeConfig;
  return (
    <Container maxWidth="lg" sx={{ py: 4 }} data-testid="dashboard">
      <Typography variant="h4" component="h1" gutterBottom>
        {t('dashboard.title')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: 'repeat(2, 1fr)' } }}>
        {dashboardCards(partnerMode(config)).map((card) => (
          <DashboardCard key={card} card={card} />
        ))}
      </Box>
    </Container>
  );
}
