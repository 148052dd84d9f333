import Chip from '@mui/material/Chip';
import type { BagStatus } from '@tern/domain/luggage/schemas';
import { useTranslation } from 'react-i18next';

const COLOURS: Record<BagStatus, 'default' | 'info' | 'warning' | 'error' | 'success'> = {
  REPORTED: 'default',
  BAG_REPORTED_LOST: 'warning',
  BAG_LOCATED: 'info',
  BAG_FORWARDED: 'info',
  BAG_DELIVERED: 'success',
  BAG_LOST: 'error',
};

/** Where a bag stands, as a chip: the same colours on the page and the dashboard card. */
export function BagStatusChip({ status }: { status: BagStatus }) {
  const { t } = useTranslation('luggage');
  return <Chip size="small" color={COLOURS[status]} label={t(`statuses.${status}`)} />;
}
