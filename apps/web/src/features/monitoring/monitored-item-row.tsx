import MoreVert from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import { ActionMenu } from '../../components/menu/action-menu.tsx';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { MonitoredItem, MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { actionPlanPath } from './paths.ts';

/**
 * The alert an item's "View action plan" opens: its most severe open one (the alert list comes
 * ranked by severity), else its most severe, else the first the item names.
 */
function planAlertOf(item: MonitoredItem, alerts: readonly MonitoringAlert[]): string | undefined {
  const own = alerts.filter((alert) => alert.itemId === item.id);
  return (
    own.find((alert) => !alert.completed)?.alertId ??
    item.alerts.find((ref) => !ref.completed)?.alertId ??
    own[0]?.alertId ??
    item.alerts[0]?.alertId
  );
}

/**
 * One monitored item (spec 1 §2): its description and masked value, its open alerts, and its
 * menu — view action plan (only when it has alerts), edit, delete.
 */
export function MonitoredItemRow({
  item,
  alerts,
  onEdit,
  onDelete,
}: {
  item: MonitoredItem;
  alerts: readonly MonitoringAlert[];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('monitoring');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = useId();
  const planAlert = item.alerts.length ? planAlertOf(item, alerts) : undefined;
  const open = item.alerts.filter((ref) => !ref.completed).length;
  const choose = (then: () => void) => () => {
    setAnchor(null);
    then();
  };
  return (
    <Box
      component="li"
      aria-labelledby={name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={name} sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {item.friendlyName}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {item.displayValue}
        </Typography>
        {item.alerts.length ? (
          <Chip
            size="small"
            sx={{ mt: 0.5 }}
            color={open ? 'warning' : 'default'}
            label={
              open
                ? t('item.open_alerts', { count: open })
                : t('item.alerts', { count: item.alerts.length })
            }
          />
        ) : null}
      </Box>
      <IconButton
        aria-label={t('item.actions', { name: item.friendlyName })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert aria-hidden />
      </IconButton>
      <ActionMenu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
      >
        {planAlert ? (
          <MenuItem onClick={choose(() => void navigate(actionPlanPath(planAlert)))}>
            {t('item.view_action_plan')}
          </MenuItem>
        ) : null}
        <MenuItem onClick={choose(onEdit)}>{t('item.edit')}</MenuItem>
        <MenuItem onClick={choose(onDelete)} sx={{ color: 'error.main' }}>
          {t('item.delete')}
        </MenuItem>
      </ActionMenu>
    </Box>
  );
}
