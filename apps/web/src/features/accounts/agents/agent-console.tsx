import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { CUSTOMER_QUERY_MAX, CUSTOMER_QUERY_MIN } from '@tern/domain/constants';
import { accountsContracts } from '@tern/domain/accounts/contracts';
import { customerSearchQuerySchema } from '@tern/domain/accounts/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppServices } from '../../../core/app-services.ts';
import { useErrorHandler } from '../../../core/errors/error-handler-context.ts';
import { SessionSetupError } from '../../../core/session/establish-session.ts';
import { SESSION_QUERY_SCOPE } from '../../../core/session/session-query-scope.ts';
import { useSession } from '../../../core/session/use-logged-in.ts';
import { Form } from '../../../components/form/form.tsx';
import { TextInput } from '../../../components/inputs/text-input.tsx';
import { useActFor } from './use-act-for.ts';
import { fullName } from '../../../core/session/account.ts';

/**
 * The agent console (spec 1 §6), an agent's or administrator's home page: find a customer
 * of the partner by email or name and open their portal acting for them.
 */
export default function AgentConsole() {
  const { t } = useTranslation('accounts');
  const { api } = useAppServices();
  const handleError = useErrorHandler();
  const actFor = useActFor();
  const agentId = useSession()?.userId ?? '';
  const [query, setQuery] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const results = useQuery({
    queryKey: [SESSION_QUERY_SCOPE, agentId, accountsContracts.searchCustomers.id, query],
    queryFn: ({ signal }) =>
      api.call(accountsContracts.searchCustomers, { query: { query: query ?? '' } }, { signal }),
    enabled: query !== null,
  });

  const onActFor = async (userId: string) => {
    setOpening(userId);
    try {
      await actFor(userId);
    } catch (error) {
      if (!(error instanceof SessionSetupError)) void handleError(error);
    } finally {
      setOpening(null);
    }
  };

  return (
    <Card component="section" aria-labelledby="agent-console-title" sx={{ mb: 3 }}>
      <CardContent>
        <Typography id="agent-console-title" variant="h6" component="h2" gutterBottom>
          {t('agent.find_title')}
        </Typography>
        <Form
          role="search"
          schema={customerSearchQuerySchema}
          defaultValues={{ query: '' }}
          onSubmit={(values) => setQuery(values.query)}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}
        >
          {(form) => (
            <>
              <TextInput
                control={form.control}
                name="query"
                type="search"
                label={t('agent.search_label')}
                minLength={CUSTOMER_QUERY_MIN}
                maxLength={CUSTOMER_QUERY_MAX}
              />
              <Button type="submit" variant="contained" sx={{ mt: 1 }}>
                {t('agent.search')}
              </Button>
            </>
          )}
        </Form>
        {query === null ? null : results.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={28} aria-label={t('app.loading')} />
          </Box>
        ) : results.data && results.data.length > 0 ? (
          <List aria-label={t('agent.results')}>
            {results.data.map((customer) => {
              const name = fullName(customer);
              return (
                <ListItem
                  key={customer.userId}
                  divider
                  secondaryAction={
                    <Button
                      variant="outlined"
                      size="small"
                      loading={opening === customer.userId}
                      disabled={opening !== null}
                      aria-label={t('agent.act_for_name', { name })}
                      onClick={() => void onActFor(customer.userId)}
                    >
                      {t('agent.act_for')}
                    </Button>
                  }
                >
                  <ListItemText primary={name} secondary={customer.emailAddress} />
                </ListItem>
              );
            })}
          </List>
        ) : results.data ? (
          <Typography sx={{ mt: 2 }} color="text.secondary" role="status">
            {t('agent.no_results', { query })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
