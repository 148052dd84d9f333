import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoungeDialog } from '../lounge-dialog.tsx';
import { passPath, resolutionsPaths } from '../paths.ts';
import { Actions, type OptionProps } from './option-frame.tsx';

/**
 * A lounge (spec 2 §4.7): Yes opens the lounge form, No declines; a booked lounge is confirmed,
 * then each guest's pass is a link.
 */
export function LoungeOption({ option, options, actions, canAct }: OptionProps) {
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
