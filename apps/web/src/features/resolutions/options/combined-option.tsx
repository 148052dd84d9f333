import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { mayChooseKind } from '@tern/domain/resolutions/rules';
import {
  kindsOf,
  type ResolutionKind,
  type ResolutionOption,
} from '@tern/domain/resolutions/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Actions, useMoney, usePoints, type OptionProps } from './option-frame.tsx';

/**
 * Combined options: one kind by radio, then Confirm selection — the chosen type and the
 * option's id, kept by the API, so the choice stands after a reload and its claim follows —
 * or No thanks (spec 2 §4.7).
 */
export function CombinedOption({
  option,
  actions,
  canAct,
  onChosen,
}: OptionProps & { onChosen: () => void }) {
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
