import { partnersContracts } from '@tern/domain/partners/contracts';
import {
  WEBHOOK_DESCRIPTION_MAX_LENGTH,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX_LENGTH,
  webhookEndpointRequestSchema,
} from '@tern/domain/partners/webhooks';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/dialog/form-dialog.tsx';
import { useZodForm } from '../../../../components/form/use-zod-form.ts';
import { CheckboxListInput } from '../../../../components/inputs/checkbox-list-input.tsx';
import { TextInput } from '../../../../components/inputs/text-input.tsx';
import { useAppServices } from '../../../../core/app-services.ts';

/**
 * Adds a webhook endpoint: its address, the events it receives (named as the API names them:
 * the partner's developers meet these names in the payloads) and a description. The API's
 * answer carries the signing secret, this once: `onDone` is given it to show.
 */
export function AddWebhookDialog({
  onDone,
  onCancel,
}: {
  onDone: (secret: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const { api, runtime } = useAppServices();
  const form = useZodForm(webhookEndpointRequestSchema, {
    url: '',
    events: [],
    description: '',
  });
  return (
    <FormDialog
      title={t('admin.add_webhook_title')}
      lead={t('admin.add_webhook_lead')}
      form={form}
      submitLabel={t('admin.add_webhook')}
      cancelLabel={t('admin.cancel')}
      onCancel={onCancel}
      onSubmit={async (values) => {
        const created = await api.call(partnersContracts.addWebhook, {
          params: { partnerId: runtime.partnerId },
          body: values,
        });
        onDone(created.secret);
      }}
    >
      <TextInput
        control={form.control}
        name="url"
        type="url"
        label={t('admin.webhook_url')}
        placeholder="https://api.example.com/tern-events"
        autoComplete="off"
        maxLength={WEBHOOK_URL_MAX_LENGTH}
        required
      />
      <CheckboxListInput
        control={form.control}
        name="events"
        label={t('admin.webhook_events')}
        options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }))}
        required
      />
      <TextInput
        control={form.control}
        name="description"
        label={t('admin.webhook_description')}
        autoComplete="off"
        maxLength={WEBHOOK_DESCRIPTION_MAX_LENGTH}
      />
    </FormDialog>
  );
}
