import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Cards show the first few entries of a list, then how many more there are. */
const CARD_LIST_MAX = 5;

export type ListEntry = { key: string; primary: ReactNode; secondary?: ReactNode; end?: ReactNode };

export function ItemList({ entries, label }: { entries: ListEntry[]; label: string }) {
  const { t } = useTranslation();
  const shown = entries.slice(0, CARD_LIST_MAX);
  return (
    <>
      <List dense disablePadding aria-label={label}>
        {shown.map((entry) => (
          <ListItem key={entry.key} disableGutters secondaryAction={entry.end}>
            <ListItemText primary={entry.primary} secondary={entry.secondary} />
          </ListItem>
        ))}
      </List>
      {entries.length > shown.length ? (
        <Typography variant="body2" color="text.secondary">
          {t('dashboard.more', { number: entries.length - shown.length })}
        </Typography>
      ) : null}
    </>
  );
}
