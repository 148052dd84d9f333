import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppServices } from '../../core/app-services.ts';
import { paths } from '../../core/routing/paths.ts';
import { updateAccount, useAccount } from '../../core/session/account.ts';
import { useSession } from '../../core/session/use-logged-in.ts';
import { ContentError, ContentLoading } from './content-state.tsx';
import { Markdown } from '../../components/markdown/markdown.tsx';
import { contentLangOf, useDocument } from './queries.ts';
import { usePageTitle } from '../../core/routing/page-title.ts';

/** Only a path of this portal: `?next=https://elsewhere` must not send the user away. */
const internalPath = (next: string | null) =>
  next?.startsWith('/') && !next.startsWith('//') ? next : paths.dashboard;

/**
 * `/terms/accept`: a user whose terms are PENDING reads the partner's terms and accepts them
 * before any other signed-in page (the session guard sends them here). The acceptance
 * records the version read; an agent acting for the customer cannot give it.
 */
export default function AcceptTermsPage() {
  const { t } = useTranslation('content');
  usePageTitle(t('accept_terms.title'));
  const { api, themeConfig } = useAppServices();
  const session = useSession();
  const account = useAccount();
  const terms = useDocument('terms');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const next = internalPath(useSearchParams()[0].get('next'));
  const [agreed, setAgreed] = useState(false);
  const accept = useMutation({
    mutationFn: (termsVersion: string) =>
      api.call(accountsContracts.update, {
        params: { id: session?.userId ?? '' },
        body: { terms: 'ACCEPTED', termsVersion },
      }),
    onSuccess: (details) => {
      updateAccount(queryClient, details.id, details);
      void navigate(next, { replace: true });
    },
    // A newer version since the page opened: show it, to be read and accepted again.
    onError: () => {
      setAgreed(false);
      void terms.refetch();
    },
  });
  if (account?.terms === 'ACCEPTED' && !accept.isPending) return <Navigate to={next} replace />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('accept_terms.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('accept_terms.intro', { name: themeConfig.branding.name })}
      </Typography>
      <Paper component="article" sx={{ p: { xs: 2, sm: 4 }, mb: 2 }}>
        {terms.isPending ? (
          <ContentLoading />
        ) : terms.isError ? (
          <ContentError onRetry={() => void terms.refetch()} />
        ) : (
          <>
            <Typography variant="h5" component="h2" gutterBottom lang={contentLangOf(terms.data)}>
              {terms.data.title}
            </Typography>
            <Box sx={{ maxHeight: { sm: '50vh' }, overflowY: { sm: 'auto' } }} tabIndex={0}>
              <Markdown text={terms.data.body} lang={contentLangOf(terms.data)} />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t('version', { version: terms.data.version })}
            </Typography>
          </>
        )}
      </Paper>
      {session?.agentId ? (
        <Alert severity="info">{t('accept_terms.agent_notice')}</Alert>
      ) : (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
          <FormControlLabel
            control={
              <Checkbox checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
            }
            label={t('accept_terms.agree')}
          />
          <Button
            variant="contained"
            disabled={!agreed || !terms.data || accept.isPending}
            onClick={() => terms.data && accept.mutate(terms.data.version)}
          >
            {t('accept_terms.accept')}
          </Button>
        </Box>
      )}
    </Container>
  );
}
