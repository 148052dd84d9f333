import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { AGENT_OPTIONS, accessProfileFor, canDo } from '@tern/domain/access';
import { capMessages } from '@tern/domain/resolutions/rules';
import type { ResolutionOptions } from '@tern/domain/resolutions/schemas';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../components/page/load-state.tsx';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { useAccess } from '../../core/session/use-access.ts';
import { fullName, useAccount } from '../../core/session/account.ts';
import { useAuth } from '../../core/session/auth-store.ts';
import { formatDate, formatMoney } from '@tern/domain/i18n/format';
import { AgentControls } from './agent-controls.tsx';
import { OptionCard } from './option-card.tsx';
import { useTypeLabel } from './type-label.ts';
import { BagHeader } from './bag-header.tsx';
import { optionsQuery, type ResolutionSubject } from './queries.ts';
import { Timeline, type TimelineViewer } from './timeline.tsx';
import { useResolutionActions } from './use-resolution-actions.ts';

/**
 * The resolution card (spec 2 §2.5): the disruption (flight number, date, route and delay, or
 * cancelled) or the lost bag (its PIR, report date and status, what to do once it is lost, the
 * next cash stage), the policy-cap messages, each option with its status and actions, agent
 * overrides for staff, and the timeline. Follows the API's live events.
 */
export function ResolutionCard({ subject }: { subject: ResolutionSubject }) {
  const { t, i18n } = useTranslation('resolutions');
  const context = useDatasetContext();
  const query = useQuery(optionsQuery(context, subject));
  const actions = useResolutionActions(subject);
  const access = useAccess();
  const { loginRoles, agentId } = useAuth();
  const customer = useAccount();
  const viewer: TimelineViewer = agentId
    ? { acting: true, customerName: customer ? fullName(customer) : null }
    : { acting: false };
  const data = query.data;
  // Spec 2 §6: overrides for a viewer without USER whose own profile holds AGENT-OPTIONS.
  const agent =
    !loginRoles.includes('USER') &&
    canDo(accessProfileFor(loginRoles), 'customer-travel-resolutions', AGENT_OPTIONS);
  const canAct = access.canDo('customer-travel-resolutions', 'UPDATE');
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={
        data?.flight
          ? t('select.flight', { flight: data.flight.flightNumber })
          : data?.bag
            ? t('card.header_luggage', { pir: data.bag.pir })
            : undefined
      }
    >
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <LoadState
          loaded={data !== undefined}
          failed={query.isError}
          onRetry={() => void query.refetch()}
          rowHeight={120}
        >
          {data ? (
            <Body
              data={data}
              canAct={canAct}
              agent={agent}
              actions={actions}
              language={i18n.language}
              viewer={viewer}
            />
          ) : null}
        </LoadState>
      </CardContent>
    </Card>
  );
}

function Body({
  data,
  canAct,
  agent,
  actions,
  language,
  viewer,
}: {
  data: ResolutionOptions;
  canAct: boolean;
  agent: boolean;
  actions: ReturnType<typeof useResolutionActions>;
  language: string;
  viewer: TimelineViewer;
}) {
  const { t } = useTranslation('resolutions');
  const typeLabel = useTypeLabel();
  const flight = data.flight;
  const minutes = data.alert?.delayMinutes ?? 0;
  const facts = flight
    ? {
        flight: flight.flightNumber,
        date: formatDate(flight.embarkDate, language),
        origin: flight.origin,
        destination: flight.destination ?? '---',
        delay: t('card.hours_minutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 }),
      }
    : null;
  const messages = capMessages(
    data.policy.policyCap,
    data.policy.policyCapUsed,
    data.resolutions.some((r) => r.capped === 1),
  ).filter((key) => key.endsWith('cap_reached'));
  return (
    <>
      {data.bag ? (
        <BagHeader bag={data.bag} currency={data.insured.payoutCurrency} />
      ) : (
        <Box>
          <Typography variant="h6" component="h2">
            {t('card.header_flights')}
          </Typography>
          {facts ? (
            <Typography color="text.secondary">
              {data.alert?.alertType === 'CANCELLATION'
                ? t('card.cancelled', facts)
                : t('card.delayed', facts)}
            </Typography>
          ) : null}
        </Box>
      )}
      {messages.map((key) => (
        <Alert key={key} severity="warning">
          {t(key.replace('resolutions.', ''), {
            amount: formatMoney(data.policy.policyCap, data.policy.currency, language),
          })}
        </Alert>
      ))}
      {data.resolutions.length === 0 ? (
        <Typography>{data.bag ? t('card.bag_no_options') : t('messages.no_resolution')}</Typography>
      ) : (
        <Box
          component="ul"
          aria-label={t('card.options')}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
        >
          {data.resolutions.map((option) => (
            <Box
              component="li"
              key={option.id}
              aria-label={typeLabel(option.type)}
              sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5, display: 'grid', gap: 1 }}
            >
              <OptionCard option={option} options={data} actions={actions} canAct={canAct} />
              {agent ? <AgentControls option={option} actions={actions} /> : null}
            </Box>
          ))}
        </Box>
      )}
      <Timeline options={data} viewer={viewer} />
    </>
  );
}
