import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { formatDate } from '@tern/domain/i18n/format';
import { monitoringContracts } from '@tern/domain/monitoring/contracts';
import type { z } from 'zod';
import type { cardReplacementSchema } from '@tern/domain/monitoring/schemas';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDatasetContext } from '../../core/data/use-dataset.ts';
import { useErrorHandler } from '../../core/errors/error-handler-context.ts';

type CardReplacement = z.infer<typeof cardReplacementSchema>;

/**
 * The partner's own step of a card plan (`card_order_replacement`, a partner that issues its
 * cards): the replacement is ordered from the portal and the partner's reference shown. Asking
 * again answers the first order, so once ordered the same call shows its reference.
 */
export function CardReplacement({
  alertId,
  ordered,
  onOrdered,
}: {
  alertId: string;
  /** The step is done: the card was ordered before. */
  ordered: boolean;
  onOrdered: () => void;
}) {
  const { t, i18n } = useTranslation('monitoring');
  const { api, userId } = useDatasetContext();
  const handleError = useErrorHandler();
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<CardReplacement | null>(null);
  const ask = async () => {
    setBusy(true);
    try {
      setOrder(await api.call(monitoringContracts.replaceCard, { params: { userId, alertId } }));
      onOrdered();
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {order ? (
        <Alert severity="success" sx={{ justifySelf: 'stretch' }}>
          {t('plan.replacement.ordered', {
            reference: order.reference,
            date: formatDate(order.requestedOn, i18n.language),
          })}
        </Alert>
      ) : (
        <Button variant="contained" loading={busy} onClick={() => void ask()}>
          {ordered ? t('plan.replacement.show') : t('plan.replacement.order')}
        </Button>
      )}
    </Box>
  );
}
