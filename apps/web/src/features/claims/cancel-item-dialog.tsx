import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { InsuredItem } from '@tern/domain/claims/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../components/dialog/confirm-dialog.tsx';
import { Dialog } from '../../components/dialog/dialog.tsx';
import { useToast } from '../../components/toasts/use-toast.ts';
import { useAppServices } from '../../core/app-services.ts';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { supportLink } from '../accounts/index.ts';
import { Fact, FactList } from '../../components/fact-list/fact-list.tsx';
import { useSetItems } from './use-set-items.ts';

/** The properties worth listing: what the business is, not flags or empty values. */
const shownProperties = (item: InsuredItem) =>
  Object.entries(item.properties).filter(
    (entry): entry is [string, string | number] =>
      (typeof entry[1] === 'string' && entry[1].trim() !== '') || typeof entry[1] === 'number',
  );

/**
 * Cancel insurance for an insured business (spec 2 §2.4): what it covers — the item's
 * properties — and the partner's support to ask first, a Confirm button, then a yes / no
 * question before the cover ends (`DELETE /platform/items/{itemId}`; its claims stay).
 */
export function CancelItemDialog({ item, onClose }: { item: InsuredItem; onClose: () => void }) {
  const { t, i18n } = useTranslation('claims');
  const { api } = useDatasetContext();
  const partner = useAppServices().themeConfig.branding.name;
  const setItems = useSetItems();
  const toast = useToast();
  const [sure, setSure] = useState(false);
  const name = item.properties.name;
  if (sure)
    return (
      <ConfirmDialog
        title={t('cancel.sure_title', { name })}
        yesLabel={t('cancel.yes')}
        noLabel={t('cancel.no')}
        onNo={onClose}
        onYes={async () => {
          setItems(await api.call(claimsContracts.removeItem, { params: { itemId: item.itemId } }));
          toast.showMessage(t('cancel.done', { name }), 'success');
          onClose();
        }}
      >
        {t('cancel.sure_body')}
      </ConfirmDialog>
    );
  return (
    <Dialog
      open
      title={t('cancel.title', { name })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('cancel.keep')}</Button>
          <Button variant="contained" color="error" onClick={() => setSure(true)}>
            {t('cancel.confirm')}
          </Button>
        </>
      }
    >
      <Typography sx={{ mb: 1 }}>{t('cancel.lead')}</Typography>
      <FactList label={t('cancel.properties')}>
        {shownProperties(item).map(([key, value]) => (
          <Fact
            key={key}
            term={i18n.exists(`properties.${key}`, { ns: 'claims' }) ? t(`properties.${key}`) : key}
          >
            {value}
          </Fact>
        ))}
        {item.externalPolicyNumber ? (
          <Fact term={t('items.policy')}>{item.externalPolicyNumber}</Fact>
        ) : null}
      </FactList>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('cancel.support', { partner })}{' '}
        <Link
          component={RouterLink}
          to={supportLink({ category: 'POLICY', subject: t('cancel.subject', { name }) })}
        >
          {t('cancel.support_link', { partner })}
        </Link>
      </Typography>
    </Dialog>
  );
}
