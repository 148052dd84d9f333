import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { InsuredItem } from '@tern/domain/claims/schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAccess } from '../../core/session/use-access.ts';
import { documentPath } from '../content/index.ts';
import { CancelItemDialog } from './cancel-item-dialog.tsx';
import { ItemCard } from './item-card.tsx';

/** Spec 2 §6: customer-insurance with DELETE allows cancelling cover. */
const FEATURE = 'customer-insurance';

/** The insured businesses of the page, each with Cancel insurance where the user may. */
export function ItemsSection({ items }: { items: readonly InsuredItem[] }) {
  const { t } = useTranslation('claims');
  const access = useAccess();
  const heading = useId();
  const [cancelling, setCancelling] = useState<InsuredItem | null>(null);
  const canCancel = access.canDo(FEATURE, 'DELETE');
  return (
    <Box component="section" aria-labelledby={heading} sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" id={heading} sx={{ mb: 2 }}>
        {t('items.heading')}
      </Typography>
      {items.length === 0 ? (
        <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
          <Typography>{t('items.empty')}</Typography>
          <Button variant="outlined" component={RouterLink} to={documentPath('contact')}>
            {t('items.contact')}
          </Button>
        </Box>
      ) : (
        <Box
          component="ul"
          aria-labelledby={heading}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
        >
          {items.map((item) => (
            <ItemCard
              key={item.itemId}
              item={item}
              onCancel={canCancel ? () => setCancelling(item) : undefined}
            />
          ))}
        </Box>
      )}
      {cancelling ? (
        <CancelItemDialog item={cancelling} onClose={() => setCancelling(null)} />
      ) : null}
    </Box>
  );
}
