import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ResolutionSelection } from '@tern/domain/resolutions/requests';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Actions, type OptionProps } from './option-frame.tsx';

/** What a requested kind (rebooking, hotel) brings to the request. */
type Requestable = {
  question: string;
  /** The name of the offers' radio group. */
  offersLabel: string;
  /** One radio each, by the id the pick sends. */
  offers: { id: string; label: string }[];
  /** The booking asked for with the offer picked. */
  pick: (id: string) => Pick<ResolutionSelection, 'alternateId' | 'flightIds'>;
  none: string;
  requested: string;
  /** What a booked request shows. */
  booked: ReactNode;
};

/** Rebooking and hotel: Yes / No / Call me, then a pick, then the booking (spec 2 §4.7). */
export function RequestFlow({
  option,
  actions,
  canAct,
  options,
  question,
  offersLabel,
  offers,
  pick,
  none,
  requested,
  booked,
}: OptionProps & Requestable) {
  const { t } = useTranslation('resolutions');
  const [picked, setPicked] = useState('');
  const { status } = option.state;
  const choices = options.insured.disruptionOptions;
  if (status === 'Initial')
    return (
      <>
        <Typography>{question}</Typography>
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
  if (status === 'OptionsSent' || status === 'Failed')
    return (
      <>
        {status === 'Failed' ? <Alert severity="error">{t('messages.failed')}</Alert> : null}
        <RadioGroup
          aria-label={offersLabel}
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
                  { resolutionId: option.id, ...pick(picked) },
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
  if (status === 'CallMe') return <Typography>{t('messages.awaiting_call')}</Typography>;
  if (status === 'None') return <Typography>{none}</Typography>;
  if (status === 'Requested') return <Typography>{requested}</Typography>;
  if (status === 'Confirmed') return <Typography>{t('rebooking.submitted')}</Typography>;
  if (status === 'Booked') return booked;
  return null;
}
