import type { MenuProps } from '@mui/material/Menu';
import type { SxProps, Theme } from '@mui/material/styles';
import { selectListMaxHeight, selectRowHeight } from './select-rows.ts';

/** The menu of a select: its list stops growing at 8 rows and scrolls beyond (spec 1 §2). */
export const selectMenuProps = (dense = false): Partial<MenuProps> => ({
  slotProps: {
    list: {
      dense,
      style: {
        maxHeight: selectListMaxHeight(dense),
        overflowY: 'auto',
        paddingTop: 0,
        paddingBottom: 0,
      },
    },
  },
});

/** One row of a select list, exactly one row height tall on every screen size. */
export const selectRowSx = (dense = false): SxProps<Theme> => {
  const height = selectRowHeight(dense);
  return { minHeight: height, height, boxSizing: 'border-box' };
};
