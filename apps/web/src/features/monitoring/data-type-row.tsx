import Add from '@mui/icons-material/Add';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { MonitoredDataType } from '@tern/domain/constants';
import type { MonitoredItem, MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MonitoredItemRow } from './monitored-item-row.tsx';

/**
 * One data type of the monitored-data page (spec 1 §2): a collapsible row with its label and
 * "n of max", its items, and the add button while the count is below the server's maximum.
 * Open from the start when it holds items.
 */
export function DataTypeRow({
  dataType,
  items,
  maxAllowed,
  alerts,
  onAdd,
  onEdit,
  onDelete,
}: {
  dataType: MonitoredDataType;
  items: readonly MonitoredItem[];
  maxAllowed: number;
  alerts: readonly MonitoringAlert[];
  onAdd: () => void;
  onEdit: (item: MonitoredItem) => void;
  onDelete: (item: MonitoredItem) => void;
}) {
  const { t } = useTranslation('monitoring');
  const id = useId();
  const label = t(`types.${dataType}.label`);
  const count = t('page.count', { count: items.length, max: maxAllowed });
  return (
    <Accordion
      disableGutters
      variant="outlined"
      defaultExpanded={items.length > 0}
      data-type={dataType}
    >
      <AccordionSummary expandIcon={<ExpandMore />} aria-controls={`${id}-items`} id={`${id}-type`}>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            columnGap: 2,
            rowGap: 0.5,
            alignItems: 'baseline',
            justifyContent: 'space-between',
            width: '100%',
            pr: 1,
          }}
        >
          <Typography component="span" sx={{ fontWeight: 500 }}>
            {label}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {count}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails
        id={`${id}-items`}
        sx={{ display: 'grid', gap: 1.5, justifyItems: 'start' }}
      >
        {items.length ? (
          <Box
            component="ul"
            aria-label={label}
            sx={{ listStyle: 'none', p: 0, m: 0, justifySelf: 'stretch' }}
          >
            {items.map((item) => (
              <MonitoredItemRow
                key={item.id}
                item={item}
                alerts={alerts}
                onEdit={() => onEdit(item)}
                onDelete={() => onDelete(item)}
              />
            ))}
          </Box>
        ) : (
          <Typography color="text.secondary">{t('page.type_empty')}</Typography>
        )}
        {items.length < maxAllowed ? (
          <Button variant="outlined" startIcon={<Add />} onClick={onAdd}>
            {t(`types.${dataType}.add`)}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('page.at_max')}
          </Typography>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
