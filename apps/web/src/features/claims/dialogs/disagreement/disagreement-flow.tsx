import type { ItemAlert } from '@tern/domain/claims/schemas';
import { useState } from 'react';
import { useZodForm } from '../../../../components/form/use-zod-form.ts';
import { useErrorHandler } from '../../../../core/errors/error-handler-context.ts';
import { claimPeriods } from '../claim-periods.ts';
import {
  disagreementDefaults,
  disagreementFormSchema,
  type DisagreementFormValues,
} from './disagreement-form.ts';
import { DisagreementFormDialog } from './disagreement-form-dialog.tsx';
import { DisagreementSendingDialog, type SendingOutcome } from './disagreement-sending-dialog.tsx';
import { DisagreementSentDialog } from './disagreement-sent-dialog.tsx';
import {
  NothingLeftError,
  useSendDisagreement,
  type FileProgress,
} from './use-send-disagreement.ts';

type Step =
  | { kind: 'form' }
  | { kind: 'sending'; values: DisagreementFormValues; outcome: SendingOutcome }
  | { kind: 'sent' };

/**
 * Disagreeing with the offer (spec 2 §2.6, §5): the form, then its sending with the files'
 * progress, then the confirmation. The form keeps what was typed and chosen when the customer
 * comes back to it from a failed sending, less the files the upload refused.
 */
export default function DisagreementFlow({
  claim,
  onBack,
  onClose,
}: {
  claim: ItemAlert;
  /** Back to the offer. */
  onBack: () => void;
  onClose: () => void;
}) {
  const [periods] = useState(() => claimPeriods(claim));
  const form = useZodForm(disagreementFormSchema, disagreementDefaults(periods));
  const sendDisagreement = useSendDisagreement(claim);
  const handleError = useErrorHandler();
  const [step, setStep] = useState<Step>({ kind: 'form' });
  const [files, setFiles] = useState<FileProgress[]>([]);

  const send = (values: DisagreementFormValues) => {
    setStep({ kind: 'sending', values, outcome: 'sending' });
    sendDisagreement(periods, values, setFiles)
      .then(() => setStep({ kind: 'sent' }))
      .catch(async (error: unknown) => {
        const outcome = error instanceof NothingLeftError ? 'nothing-left' : 'failed';
        setStep({ kind: 'sending', values, outcome });
        if (outcome === 'failed') await handleError(error);
      });
  };

  const backToForm = () => {
    const refused = new Set(files.filter((f) => f.state === 'refused').map((f) => f.file));
    form.getValues().periods.forEach((period, index) => {
      const kept = period.files.filter((file) => !refused.has(file));
      if (kept.length !== period.files.length) form.setValue(`periods.${index}.files`, kept);
    });
    setStep({ kind: 'form' });
  };

  if (step.kind === 'sending')
    return (
      <DisagreementSendingDialog
        files={files}
        outcome={step.outcome}
        documents={claim.documents}
        onRetry={() => send(step.values)}
        onBack={backToForm}
      />
    );
  if (step.kind === 'sent')
    return <DisagreementSentDialog files={files} documents={claim.documents} onClose={onClose} />;
  return (
    <DisagreementFormDialog
      claim={claim}
      periods={periods}
      form={form}
      onSend={send}
      onBack={onBack}
    />
  );
}
