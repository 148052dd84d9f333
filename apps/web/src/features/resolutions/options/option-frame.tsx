import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatMoney, formatNumber } from '@tern/domain/i18n/format';
import type { ResolutionOption, ResolutionOptions } from '@tern/domain/resolutions/schemas';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useKeepFocus } from '../../../components/focus/use-keep-focus.ts';
import { useTypeLabel } from '../type-label.ts';
import type { ResolutionActions } from '../use-resolution-actions.ts';

/** What every option's body is given, whatever its kind. */
export type OptionProps = {
  option: ResolutionOption;
  options: ResolutionOptions;
  actions: ResolutionActions;
  /** Acting needs the resolutions feature's UPDATE (spec 2 §6). */
  canAct: boolean;
};

/**
 * The card around one option's body: its type as a heading and its status. A step taken
 * replaces the option's buttons (Yes becomes Confirm): the keyboard's focus stays on the card.
 */
export function OptionFrame({
  option,
  children,
}: {
  option: ResolutionOption;
  children: ReactNode;
}) {
  const { t } = useTranslation('resolutions');
  const typeLabel = useTypeLabel();
  const keepFocus = useKeepFocus<HTMLDivElement>();
  return (
    <Box {...keepFocus} sx={{ display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {typeLabel(option.type)}
        </Typography>
        <Chip size="small" label={t(`status.${option.state.status}`)} />
      </Box>
      {children}
    </Box>
  );
}

/** The row of an option's buttons. */
export const Actions = ({ children }: { children: ReactNode }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{children}</Box>
);

/** Money as the chosen language writes it; an option with none yet is 0 CAD. */
export function useMoney() {
  const { i18n } = useTranslation();
  return (amount: number | null, currency: string | null) =>
    formatMoney(amount ?? 0, currency ?? 'CAD', i18n.language);
}

/** Points grouped as the chosen language writes numbers, not as the browser does. */
export function usePoints() {
  const { i18n } = useTranslation();
  return (points: number | null | undefined) => formatNumber(points ?? 0, i18n.language);
}
