import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  AGENT_REASON_MAX,
  AGENT_REASON_ROWS,
  agentReasonSchema,
} from '@tern/domain/resolutions/requests';
import { agentMoves, mayMove } from '@tern/domain/resolutions/rules';
import type { ResolutionOption } from '@tern/domain/resolutions/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { TextInput } from '../../components/inputs/text-input.tsx';
import { useTypeLabel } from './type-label.ts';
import type { ResolutionActions } from './use-resolution-actions.ts';

type Override = 'Rejected' | 'Initial' | 'None' | 'Confirmed';

const LABEL: Record<Override, string> = {
  Rejected: 'agent.reject',
  Initial: 'agent.reset',
  None: 'agent.none',
  Confirmed: 'agent.approve',
};

/**
 * Agent overrides of one option (spec 2 §4.7, §6): reject or reset, "no lounge" or "no
 * hotel", approve a manual option the customer asked for, as far as the domain's `mayMove`
 * allows from the option's status; each confirmed in the
 * resolution dialog with an optional reason of at most two rows, then the options reload.
 */
export function AgentControls({
  option,
  actions,
}: {
  option: ResolutionOption;
  actions: ResolutionActions;
}) {
  const { t } = useTranslation('resolutions');
  const typeLabel = useTypeLabel();
  const [open, setOpen] = useState<Override | null>(null);
  const status = option.state.status;
  // Only the overrides the status machine allows from here: none on an option already
  // given (paid cash, a booking), which the API would refuse (issue 25 item 5.7).
  const offered = agentMoves(option.type).filter((to): to is Override =>
    mayMove(option.type, status, to, 'agent'),
  );
  const label = (to: Override) =>
    to === 'None'
      ? t(option.type.includes('HOTEL') ? 'agent.none_hotel' : 'agent.none_lounge')
      : t(LABEL[to]);
  if (offered.length === 0) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary">
        {t('agent.heading')}
      </Typography>
      {offered.map((to) => (
        <Button
          key={to}
          size="small"
          variant="outlined"
          color={to === 'Rejected' ? 'error' : 'primary'}
          onClick={() => setOpen(to)}
        >
          {label(to)}
        </Button>
      ))}
      {open ? (
        <AgentDialog
          title={t('agent.confirm_title', { action: label(open), type: typeLabel(option.type) })}
          onClose={() => setOpen(null)}
          onConfirm={(reason) =>
            actions.update(option.id, {
              ...(open === 'Rejected' ? { rejected: true } : { status: open }),
              ...(reason ? { reason } : {}),
              optionId: option.id,
              resolutionType: option.type,
            })
          }
        />
      ) : null}
    </Box>
  );
}

/** The resolution dialog (spec 2 §2.5): an optional reason, then the override. */
function AgentDialog({
  title,
  onClose,
  onConfirm,
}: {
  title: string;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => Promise<boolean>;
}) {
  const { t } = useTranslation('resolutions');
  const form = useZodForm(agentReasonSchema, { reason: '' });
  return (
    <FormDialog
      title={title}
      lead={t('agent.title')}
      form={form}
      submitLabel={t('agent.confirm')}
      cancelLabel={t('actions.cancel')}
      onCancel={onClose}
      onSubmit={async (values) => {
        if (await onConfirm(values.reason)) onClose();
      }}
    >
      <TextInput
        name="reason"
        label={t('agent.reason')}
        multiline
        rows={AGENT_REASON_ROWS}
        maxLength={AGENT_REASON_MAX}
      />
    </FormDialog>
  );
}
