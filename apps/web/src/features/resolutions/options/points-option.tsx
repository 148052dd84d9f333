import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { ClaimFlow, type ClaimOptionProps } from './claim-flow.tsx';
import { usePoints } from './option-frame.tsx';

/** Points (spec 2 §4.7): claimed after a confirmation, then thanked for. */
export function PointsOption(props: ClaimOptionProps) {
  const { option } = props;
  const { t } = useTranslation('resolutions');
  const writePoints = usePoints();
  const points = writePoints(option.points);
  return (
    <ClaimFlow
      {...props}
      kind="POINTS"
      offer={t('points.offer', { points })}
      claimDisabled={false}
      confirmTitle={t('points.claim_title', { points })}
      confirmBody={() => t('points.claim_body', { points })}
      claimed={
        <Alert severity="success">
          {t('points.thanks', {
            points: writePoints(option.state.confirmation?.prize ?? option.points),
          })}
        </Alert>
      }
    />
  );
}
