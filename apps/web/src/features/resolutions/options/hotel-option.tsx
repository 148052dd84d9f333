import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useCodedText } from '../../../lib/coded-text.ts';
import { type OptionProps } from './option-frame.tsx';
import { RequestFlow } from './request-flow.tsx';

/** A hotel (spec 2 §4.7): the hotels offered, then the one booked with its confirmation. */
export function HotelOption(props: OptionProps) {
  const { t } = useTranslation('resolutions');
  const written = useCodedText();
  const { availableHotels, confirmation } = props.option.state;
  return (
    <RequestFlow
      {...props}
      question={t('hotel.question')}
      offersLabel={t('hotel.title')}
      offers={availableHotels.map((h) => ({
        id: h.alternateId,
        label: `${h.name} — ${written(h.description)}`,
      }))}
      pick={(alternateId) => ({ alternateId })}
      none={t('messages.no_hotel')}
      requested={t('messages.awaiting_hotel')}
      booked={
        <Alert severity="success">
          {t('hotel.booked', { hotel: confirmation?.name ?? '' })}{' '}
          {t('hotel.confirmation', { number: confirmation?.confirmationNumber ?? '' })}
          <br />
          {confirmation?.confirmationMessage ? written(confirmation.confirmationMessage) : null}
        </Alert>
      }
    />
  );
}
