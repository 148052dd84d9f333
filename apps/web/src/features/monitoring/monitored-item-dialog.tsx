import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { FRIENDLY_NAME_MAX, type MonitoredDataType } from '@tern/domain/constants';
import { errorKey } from '@tern/domain/error-key';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import {
  monitoredItemFormSchema,
  type MonitoredItem,
  type MonitoredItemRequest,
} from '@tern/domain/monitoring/schemas';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../components/form/use-zod-form.ts';
import { TextInput, type TextInputProps } from '../../components/inputs/text-input.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { ApiRequestError } from '../../lib/api-request-error.ts';
import { CardFrame, type CardFrameHandle } from './card-frame/card-frame.tsx';

type Values = { friendlyName: string; value?: string | undefined };

/** The value as the request's schema takes it (`monitoredItemRequestSchema`). */
const VALUE_MAX = 200;

/** How each type's value is typed: the keyboard to offer and what the browser may fill in. */
const VALUE_INPUT: Partial<
  Record<MonitoredDataType, Pick<TextInputProps<Values>, 'type' | 'inputMode' | 'autoComplete'>>
> = {
  EMAIL_ADDRESS: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  PHONE_NUMBER: { inputMode: 'tel', autoComplete: 'tel' },
  BANK_ACCOUNT: { inputMode: 'numeric', autoComplete: 'off' },
};

/** A refusal of the API that belongs to this form: on its field, or said above its fields. */
type FormProblem = { field: 'friendlyName' | 'value' | 'card' | 'root'; message: string };

/** The request's field names as the form calls them. */
const FIELDS: Record<string, FormProblem['field']> = {
  value: 'value',
  displayName: 'friendlyName',
  token: 'card',
};

/**
 * Where the API's refusal of an item goes (issue 29 "Bad input"): a value the formats refuse
 * (400, field `value`, a `validation.*` key) and a value already watched (409 DUPLICATE_ENTRY)
 * on the value; a full type (409 SUBSCRIPTION_FULL) above the fields; anything else to the one
 * error handler (undefined).
 */
function problemOf(error: unknown): FormProblem | undefined {
  if (!(error instanceof ApiRequestError) || !error.code) return undefined;
  if (error.code === 'SUBSCRIPTION_FULL') return { field: 'root', message: errorKey(error.code) };
  if (error.code === 'DUPLICATE_ENTRY') return { field: 'value', message: errorKey(error.code) };
  const detail = error.details?.find((d) => d.field && FIELDS[d.field]);
  if (detail?.field) return { field: FIELDS[detail.field]!, message: detail.message };
  const field = error.field ? FIELDS[error.field] : undefined;
  if (!field) return undefined;
  return {
    field,
    message: error.message.startsWith('validation.') ? error.message : errorKey(error.code),
  };
}

export type MonitoredItemDialogProps = {
  dataType: MonitoredDataType;
  /** Edit mode: the item whose description changes. Add mode without it. */
  item?: MonitoredItem;
  onClose: () => void;
  /** After a save, with the item as the API answers it. */
  onSaved: (item: MonitoredItem, mode: 'add' | 'edit') => void;
  /** The API says the type is full: the page's count was behind. */
  onFull: () => void;
};

/**
 * Spec 1 §4 "Monitored item form": the description and the value, checked by the domain's
 * rules for the type and the partner's countries (the API's own check), in add or edit mode.
 * Edit changes the description only: a new value is a new item. A card's number is typed in
 * the card vault's frame, never in the portal: the frame answers a token, which is saved.
 */
export default function MonitoredItemDialog({
  dataType,
  item,
  onClose,
  onSaved,
  onFull,
}: MonitoredItemDialogProps) {
  const mode = item ? 'edit' : 'add';
  const { t } = useTranslation('monitoring');
  const { api, themeConfig } = useAppServices();
  const { userId } = useDatasetContext();
  const toast = useToast();
  const { countries } = themeConfig.config.monitoring;
  const schema = useMemo(
    () => monitoredItemFormSchema(dataType, countries, mode),
    [dataType, countries, mode],
  );
  const form = useZodForm<Values, Values>(schema, {
    friendlyName: item?.friendlyName ?? '',
    value: '',
  });
  const card = dataType === 'CARD' && mode === 'add';

  /** The server's refusal of a card the frame took (an expired or used token). */
  const [cardError, setCardError] = useState<string | null>(null);

  /** Shows a refusal this form can show; any other is thrown, for the form to report. */
  const showing = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      const problem = problemOf(error);
      if (!problem) throw error;
      if (problem.field === 'card') setCardError(problem.message);
      else if (problem.field === 'root') {
        form.setError('root.server', { type: 'server', message: problem.message });
        onFull();
      } else
        form.setError(
          problem.field,
          { type: 'server', message: problem.message },
          { shouldFocus: true },
        );
    }
  };

  const add = (body: MonitoredItemRequest) =>
    showing(async () => {
      const created = await api.call(monitoringContracts.addItem, {
        params: { userId, dataType },
        body,
      });
      onSaved(created, 'add');
      toast.showMessage(t('notifications.item_added', { name: created.friendlyName }), 'success');
      onClose();
    });

  // A card is saved when the frame has tokenised it: the form's submit waits for that answer.
  const frame = useRef<CardFrameHandle>(null);
  const waiting = useRef<{ displayName: string; settle: (work: Promise<void>) => void } | null>(
    null,
  );
  const tokenise = (displayName: string) =>
    new Promise<void>((resolve, reject) => {
      waiting.current = {
        displayName,
        settle: (work) => {
          void work.then(resolve, reject);
        },
      };
      frame.current?.submit();
    });
  const onTokenised = ({ token, displayValue }: { token: string; displayValue: string }) => {
    const pending = waiting.current;
    waiting.current = null;
    setCardError(null);
    pending?.settle(add({ displayName: pending.displayName, token, displayValue }));
  };
  // The frame shows (and announces) what to fix itself: the form shows it once, there.
  const onCardError = (key: string | null) => {
    if (!key) return;
    // The frame refused what was typed: the submit is over, the frame says what to fix.
    waiting.current?.settle(Promise.resolve());
    waiting.current = null;
  };

  const submit = async ({ friendlyName, value }: Values) => {
    form.clearErrors('root');
    if (mode === 'edit' && item)
      await showing(async () => {
        const saved = await api.call(monitoringContracts.renameItem, {
          params: { userId, id: item.id },
          body: { displayName: friendlyName },
        });
        onSaved(saved, 'edit');
        toast.showMessage(t('notifications.item_updated'), 'success');
        onClose();
      });
    else if (card) await tokenise(friendlyName);
    else await add({ displayName: friendlyName, value: value?.trim() ?? '' });
  };

  const rootError = form.formState.errors.root?.server?.message;
  return (
    <FormDialog
      title={
        mode === 'edit'
          ? t('form.edit_title', { name: item?.friendlyName })
          : t(`types.${dataType}.add`)
      }
      lead={mode === 'edit' ? t('form.edit_lead') : card ? t('form.card_lead') : t('form.add_lead')}
      form={form}
      submitLabel={mode === 'edit' ? t('form.save') : t('form.add')}
      cancelLabel={t('form.cancel')}
      onCancel={onClose}
      onSubmit={submit}
    >
      {rootError ? <Alert severity="warning">{t(rootError, { ns: 'translation' })}</Alert> : null}
      <TextInput
        control={form.control}
        name="friendlyName"
        label={t('form.friendly_name')}
        helperText={t('form.friendly_name_hint')}
        required
        maxLength={FRIENDLY_NAME_MAX}
        autoComplete="off"
      />
      {mode === 'edit' && item ? (
        <Typography>
          {t('form.value_kept', {
            type: t(`types.${dataType}.value`),
            value: item.displayValue,
          })}
        </Typography>
      ) : card ? (
        <div>
          <CardFrame
            ref={frame}
            userId={userId}
            label={t('types.CARD.value')}
            onTokenised={onTokenised}
            onError={onCardError}
          />
          {cardError ? (
            <Alert severity="error" role="alert" sx={{ mt: 1 }}>
              {t(cardError, { ns: 'translation' })}
            </Alert>
          ) : null}
        </div>
      ) : (
        <TextInput
          control={form.control}
          name="value"
          label={t(`types.${dataType}.value`)}
          helperText={t(`types.${dataType}.hint`)}
          required
          maxLength={VALUE_MAX}
          autoComplete="off"
          {...VALUE_INPUT[dataType]}
        />
      )}
    </FormDialog>
  );
}
