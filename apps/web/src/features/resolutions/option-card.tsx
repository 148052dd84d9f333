import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { PayoutMethod } from '@tern/domain/payouts/schemas';
import { mayChooseKind } from '@tern/domain/resolutions/rules';
import {
  kindsOf,
  type ResolutionKind,
  type ResolutionOption,
  type ResolutionOptions,
} from '@tern/domain/resolutions/schemas';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { useCodedText } from '../../lib/coded-text.ts';
import { formatDate, formatMoney, formatNumber } from '@tern/domain/i18n/format';
import { PayoutMethodFlow } from '../payouts/index.ts';
import { LoungeDialog } from './lounge-dialog.tsx';
import { passPath, resolutionsPaths } from './paths.ts';
import type { ResolutionActions } from './use-resolution-actions.ts';

type Props = {
  option: ResolutionOption;
  options: ResolutionOptions;
  actions: ResolutionActions;
  /** Acting needs the resolutions feature's UPDATE (spec 2 §6). */
  canAct: boolean;
};

/** The option's type as the card titles it: a kind, or "choose one" of several. */
export function useTypeLabel() {
  const { t } = useTranslation('resolutions');
  return (type: string) =>
    kindsOf(type).length > 1
      ? t('types.combined', {
          kinds: kindsOf(type)
            .map((k) => t(`types.${k}`))
            .join(' / '),
        })
      : t(`types.${type}`);
}

/**
 * One resolution option (spec 2 §2.5, §4.7): its type, status and what the insured may do in
 * that status — lounge, cash, points, rebooking, hotel or a combined choice — with the
 * user messages of spec 2 §8 for each display.
 */
export function OptionCard({ option, options, actions, canAct }: Props) {
  const { t } = useTranslation('resolutions');
  const typeLabel = useTypeLabel();
  // A combined option's kind, once chosen, is the option's (the API keeps it); the insured
  // may choose again until they claim it.
  const [choosing, setChoosing] = useState(false);
  const combined = kindsOf(option.type).length > 1;
  const kind = choosing
    ? null
    : (option.chosenType ?? (combined ? null : kindsOf(option.type)[0]!));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {typeLabel(option.type)}
        </Typography>
        <Chip size="small" label={t(`status.${option.state.status}`)} />
      </Box>
      {kind === null ? (
        <Combined
          option={option}
          options={options}
          actions={actions}
          canAct={canAct}
          onChosen={() => setChoosing(false)}
        />
      ) : (
        <Single
          kind={kind}
          option={option}
          options={options}
          actions={actions}
          canAct={canAct}
          onChooseAgain={
            combined && canAct && mayChooseKind(option.state.status)
              ? () => setChoosing(true)
              : undefined
          }
        />
      )}
    </Box>
  );
}

function Single({
  kind,
  onChooseAgain,
  ...props
}: Props & { kind: ResolutionKind; onChooseAgain: (() => void) | undefined }) {
  if (kind === 'LOUNGE') return <LoungeOption {...props} />;
  if (kind === 'CASH' || kind === 'POINTS')
    return <ClaimOption kind={kind} onChooseAgain={onChooseAgain} {...props} />;
  return <RequestOption kind={kind} {...props} />;
}

const Actions = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>
);

function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number | null, currency: string | null) =>
    formatMoney(amount ?? 0, currency ?? 'CAD', i18n.language);
}

/** Points grouped as the chosen language writes numbers, not as the browser does. */
function usePoints() {
  const { i18n } = useTranslation();
  return (points: number | null | undefined) => formatNumber(points ?? 0, i18n.language);
}

function LoungeOption({ option, options, actions, canAct }: Props) {
  const { t } = useTranslation('resolutions');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { status, booking } = option.state;
  if (status === 'Initial') return <Typography>{t('messages.lounge_later')}</Typography>;
  if (status === 'None') return <Typography>{t('messages.no_lounge')}</Typography>;
  if (status === 'CallMe') return <Typography>{t('messages.awaiting_call')}</Typography>;
  if (status === 'OptionsSent' || status === 'Failed')
    return (
      <>
        {status === 'Failed' ? <Alert severity="error">{t('messages.failed')}</Alert> : null}
        <Typography>{t('lounge.question')}</Typography>
        {canAct ? (
          <Actions>
            <Button variant="contained" onClick={() => setOpen(true)}>
              {t('actions.yes')}
            </Button>
            <Button
              variant="outlined"
              onClick={() =>
                void actions.select(
                  { resolutionId: option.id, rejected: true },
                  'resolution_submit',
                )
              }
            >
              {t('actions.no')}
            </Button>
          </Actions>
        ) : null}
        {open ? (
          <LoungeDialog
            option={option}
            options={options}
            actions={actions}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </>
    );
  return (
    <>
      {booking ? (
        <Typography>
          {status === 'Booked'
            ? t('lounge.booked', { lounge: booking.location.name, count: booking.units })
            : t('lounge.confirmed', { lounge: booking.location.name })}
        </Typography>
      ) : null}
      {status === 'Booked' && canAct ? (
        <Actions>
          <Button
            variant="contained"
            onClick={() =>
              void actions.confirm(option.id).then((done) => {
                if (done) void navigate(`${resolutionsPaths.select}${window.location.search}`);
              })
            }
          >
            {t('actions.confirm')}
          </Button>
        </Actions>
      ) : null}
      {status === 'Confirmed' || status === 'Redeemed' ? (
        <Actions>
          {option.passes.map((pass) => (
            <Button
              key={pass.passId}
              variant="outlined"
              component={RouterLink}
              to={passPath(pass.passId)}
            >
              {t('actions.view_pass', { name: `${pass.firstName} ${pass.surname}` })}
            </Button>
          ))}
        </Actions>
      ) : null}
    </>
  );
}

/** Cash and points: Claim, then (cash) the payout method, then a confirmation (spec 2 §4.7, §4.8). */
function ClaimOption({
  kind,
  option,
  options,
  actions,
  canAct,
  onChooseAgain,
}: Props & { kind: 'CASH' | 'POINTS'; onChooseAgain: (() => void) | undefined }) {
  const { t } = useTranslation('resolutions');
  const money = useMoney();
  const writePoints = usePoints();
  const [step, setStep] = useState<'idle' | 'method' | 'confirm'>('idle');
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const { status, payment, confirmation } = option.state;
  const amount = money(option.prize, option.currency);
  const points = writePoints(option.points);
  const claim = (payoutMethodId?: string) =>
    actions.select(
      {
        resolutionId: option.id,
        ...(option.type.includes('|') ? { resolutionType: kind } : {}),
        ...(payoutMethodId ? { payoutMethodId } : {}),
      },
      option.manual ? 'request_submitted' : 'resolution_confirm',
      kind === 'CASH' ? 'errors.payout_request_failed' : undefined,
    );
  const start = () => (kind === 'CASH' ? setStep('method') : setStep('confirm'));

  if (status === 'Initial' || status === 'Failed')
    return (
      <>
        {status === 'Failed' ? (
          <Alert severity="error">
            {payment?.status === 'failed' ? t('cash.payment_failed') : t('messages.failed')}
          </Alert>
        ) : null}
        <Typography>
          {kind === 'CASH' ? t('cash.offer', { amount }) : t('points.offer', { points })}
        </Typography>
        {option.capped ? (
          <Alert severity="warning">{t('messages.cap_near', { amount })}</Alert>
        ) : null}
        {canAct ? (
          <Actions>
            <Button
              variant="contained"
              onClick={start}
              disabled={kind === 'CASH' && option.prize === 0}
            >
              {t('actions.claim')}
            </Button>
            {onChooseAgain ? (
              <Button onClick={onChooseAgain}>{t('actions.choose_again')}</Button>
            ) : null}
          </Actions>
        ) : null}
        {step === 'method' ? (
          <Suspense fallback={null}>
            <PayoutMethodFlow
              payouts={options.insured.payouts}
              currency={option.currency ?? options.insured.payoutCurrency}
              onClose={() => setStep((s) => (s === 'method' ? 'idle' : s))}
              onChosen={async (chosen) => {
                setMethod(chosen);
                // Spec 2 §4.7: confirmed unless staff confirm it by hand.
                if (option.manual) await claim(chosen.payoutMethodId);
                else setStep('confirm');
              }}
            />
          </Suspense>
        ) : null}
        {step === 'confirm' ? (
          <ConfirmDialog
            title={
              kind === 'CASH'
                ? t('cash.claim_title', { amount })
                : t('points.claim_title', { points })
            }
            yesLabel={t('actions.confirm')}
            noLabel={t('actions.cancel')}
            onNo={() => setStep('idle')}
            onYes={async () => {
              await claim(method?.payoutMethodId);
              setStep('idle');
            }}
          >
            {kind === 'CASH'
              ? t('cash.claim_body', {
                  amount,
                  method: method
                    ? `${method.description} ${method.accountNumber ?? method.iban ?? ''}`
                    : '',
                })
              : t('points.claim_body', { points })}
          </ConfirmDialog>
        ) : null}
      </>
    );
  if (status === 'Requested') return <Typography>{t('messages.awaiting_review')}</Typography>;
  if (status === 'CallMe') return <Typography>{t('messages.awaiting_call')}</Typography>;
  if (status === 'Confirmed' || status === 'Redeemed') {
    if (kind === 'POINTS')
      return (
        <Alert severity="success">
          {t('points.thanks', {
            points: writePoints(confirmation?.prize ?? option.points),
          })}
        </Alert>
      );
    const paid = money(confirmation?.prize ?? option.prize, option.currency);
    return payment?.status === 'settled' ? (
      <Alert severity="success">{t('cash.paid', { amount: paid })}</Alert>
    ) : (
      <Typography>{t('messages.awaiting_payment', { amount: paid })}</Typography>
    );
  }
  return null;
}

/** Rebooking and hotel: Yes / No / Call me, then a pick, then the booking (spec 2 §4.7). */
function RequestOption({
  kind,
  option,
  actions,
  canAct,
  options,
}: Props & { kind: 'REBOOKING' | 'HOTEL' }) {
  const { t, i18n } = useTranslation('resolutions');
  const written = useCodedText();
  const [picked, setPicked] = useState('');
  const { status, alternateFlights, availableHotels, confirmation } = option.state;
  const choices = options.insured.disruptionOptions;
  const key = kind === 'HOTEL' ? 'hotel' : 'rebooking';
  if (status === 'Initial')
    return (
      <>
        <Typography>{t(`${key}.question`)}</Typography>
        {canAct ? (
          <Actions>
            {(
              [
                ['yes', choices.yesAllowed, { accepted: true }, 'contained'],
                ['no', choices.noAllowed, { rejected: true }, 'outlined'],
              ] as const
            ).map(([label, allowed, answer, variant]) =>
              allowed ? (
                <Button
                  key={label}
                  variant={variant}
                  onClick={() =>
                    void actions.select({ resolutionId: option.id, ...answer }, 'resolution_submit')
                  }
                >
                  {t(`actions.${label}`)}
                </Button>
              ) : null,
            )}
            {choices.callMeAllowed ? (
              <Button
                onClick={() =>
                  void actions.select(
                    { resolutionId: option.id, callMe: true },
                    'request_submitted',
                  )
                }
              >
                {t('actions.call_me')}
              </Button>
            ) : null}
          </Actions>
        ) : null}
      </>
    );
  if (status === 'OptionsSent' || status === 'Failed') {
    // Offers of one flight or a connection share a link id: one radio each.
    const offers =
      kind === 'HOTEL'
        ? availableHotels.map((h) => ({
            id: h.alternateId,
            label: `${h.name} — ${written(h.description)}`,
          }))
        : [...new Set(alternateFlights.map((f) => f.linkId))].map((linkId) => {
            const legs = alternateFlights.filter((f) => f.linkId === linkId);
            const first = legs[0]!;
            return {
              id: linkId,
              label: `${legs.map((l) => l.flightNumber).join(' + ')} · ${first.embarkDate.replace('T', ' ')} ${first.origin} → ${legs.at(-1)!.destination} · ${
                first.stopAirport
                  ? t('rebooking.stop', { airport: first.stopAirport, minutes: first.stopTime })
                  : t('rebooking.direct')
              }`,
            };
          });
    return (
      <>
        {status === 'Failed' ? <Alert severity="error">{t('messages.failed')}</Alert> : null}
        <RadioGroup
          aria-label={t(`${key}.title`)}
          value={picked}
          onChange={(e) => setPicked(e.target.value)}
        >
          {offers.map((offer) => (
            <FormControlLabel
              key={offer.id}
              value={offer.id}
              control={<Radio />}
              label={offer.label}
              disabled={!canAct}
            />
          ))}
        </RadioGroup>
        {canAct ? (
          <Actions>
            <Button
              variant="contained"
              disabled={!picked}
              onClick={() =>
                void actions.select(
                  kind === 'HOTEL'
                    ? { resolutionId: option.id, alternateId: picked }
                    : {
                        resolutionId: option.id,
                        flightIds: alternateFlights
                          .filter((f) => f.linkId === picked)
                          .map((f) => f.flightId),
                      },
                  'request_submitted',
                )
              }
            >
              {t('actions.book')}
            </Button>
          </Actions>
        ) : null}
      </>
    );
  }
  if (status === 'CallMe') return <Typography>{t('messages.awaiting_call')}</Typography>;
  if (status === 'None')
    return (
      <Typography>
        {kind === 'HOTEL' ? t('messages.no_hotel') : t('messages.no_resolution')}
      </Typography>
    );
  if (status === 'Requested')
    return (
      <Typography>
        {kind === 'HOTEL' ? t('messages.awaiting_hotel') : t('messages.awaiting_flight')}
      </Typography>
    );
  if (status === 'Confirmed') return <Typography>{t('rebooking.submitted')}</Typography>;
  if (status === 'Booked' && kind === 'HOTEL')
    return (
      <Alert severity="success">
        {t('hotel.booked', { hotel: confirmation?.name ?? '' })}{' '}
        {t('hotel.confirmation', { number: confirmation?.confirmationNumber ?? '' })}
        <br />
        {confirmation?.confirmationMessage ? written(confirmation.confirmationMessage) : null}
      </Alert>
    );
  if (status === 'Booked') {
    // Spec 2 §4.7: sorted by embark date, the confirmation on the last.
    const flights = [...(confirmation?.flights ?? [])].sort((a, b) =>
      a.embarkDate.localeCompare(b.embarkDate),
    );
    return (
      <Alert severity="success">
        {t('rebooking.booked')}
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {flights.map((f, i) => (
            <li key={`${f.flightNumber}-${f.embarkDate}`}>
              {f.flightNumber} · {formatDate(f.embarkDate.slice(0, 10), i18n.language)}{' '}
              {f.embarkDate.slice(11, 16)} · {f.originAirport} → {f.destinationAirport}
              {i === flights.length - 1 ? (
                <>
                  <br />
                  {t('rebooking.confirmation', { number: f.confirmationNumber })} —{' '}
                  {written(f.confirmationMessage)}
                </>
              ) : null}
            </li>
          ))}
        </Box>
      </Alert>
    );
  }
  return null;
}

/**
 * Combined options: one kind by radio, then Confirm selection — the chosen type and the
 * option's id, kept by the API, so the choice stands after a reload and its claim follows —
 * or No thanks (spec 2 §4.7).
 */
function Combined({ option, actions, canAct, onChosen }: Props & { onChosen: () => void }) {
  const { t } = useTranslation('resolutions');
  const money = useMoney();
  const writePoints = usePoints();
  if (!mayChooseKind(option.state.status)) return null;
  return (
    <ChooseKind
      option={option}
      canAct={canAct}
      capLeft={money(option.prize, option.currency)}
      describe={(k) =>
        k === 'CASH'
          ? t('cash.offer', { amount: money(option.prize, option.currency) })
          : k === 'POINTS'
            ? t('points.offer', { points: writePoints(option.points) })
            : t(`types.${k}`)
      }
      onConfirm={async (kind) => {
        const chosen = await actions.select(
          { resolutionId: option.id, resolutionType: kind, optionId: option.id },
          'resolution_submit',
        );
        if (chosen) onChosen();
      }}
      onNoThanks={() =>
        void actions.select({ resolutionId: option.id, rejected: true }, 'resolution_submit')
      }
    />
  );
}

function ChooseKind({
  option,
  canAct,
  capLeft,
  describe,
  onConfirm,
  onNoThanks,
}: {
  option: ResolutionOption;
  canAct: boolean;
  /** The cash the policy cap leaves this option (the cap-near message). */
  capLeft: string;
  describe: (kind: ResolutionKind) => string;
  onConfirm: (kind: ResolutionKind) => Promise<void>;
  onNoThanks: () => void;
}) {
  const { t } = useTranslation('resolutions');
  const [picked, setPicked] = useState<ResolutionKind | ''>(option.chosenType ?? '');
  const [sending, setSending] = useState(false);
  return (
    <>
      <Typography>{t('combined.question')}</Typography>
      <RadioGroup
        aria-label={t('combined.choice')}
        value={picked}
        onChange={(e) => setPicked(e.target.value as ResolutionKind)}
      >
        {kindsOf(option.type).map((k) => (
          <FormControlLabel
            key={k}
            value={k}
            control={<Radio />}
            label={`${t(`types.${k}`)} — ${describe(k)}`}
            disabled={!canAct}
          />
        ))}
      </RadioGroup>
      {option.capped ? (
        <Alert severity="warning">{t('messages.cap_near', { amount: capLeft })}</Alert>
      ) : null}
      {canAct ? (
        <Actions>
          <Button
            variant="contained"
            disabled={!picked || sending}
            onClick={() => {
              if (!picked) return;
              setSending(true);
              void onConfirm(picked).finally(() => setSending(false));
            }}
          >
            {t('actions.confirm_selection')}
          </Button>
          <Button onClick={onNoThanks}>{t('actions.no_thanks')}</Button>
        </Actions>
      ) : null}
    </>
  );
}
