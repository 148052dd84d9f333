import { SELECT_MAX_ROWS } from '@tern/domain/constants';

/** Row heights of select lists (spec 1 §2): 40 px when dense, 48 px otherwise. */
export const SELECT_ROW_HEIGHT = 48;
export const SELECT_ROW_HEIGHT_DENSE = 40;
export { SELECT_MAX_ROWS };

export const selectRowHeight = (dense = false): number =>
  dense ? SELECT_ROW_HEIGHT_DENSE : SELECT_ROW_HEIGHT;

/** A select list shows at most 8 rows; longer lists scroll. */
export const selectListMaxHeight = (dense = false): number =>
  SELECT_MAX_ROWS * selectRowHeight(dense);
