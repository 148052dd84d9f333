import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ReactNode } from 'react';
import { Fact, FactList } from '../fact-list/fact-list.tsx';

/** A column: its heading, and what a row shows in it. */
export type Column<Row> = {
  key: string;
  label: string;
  render: (row: Row) => ReactNode;
};

/**
 * Rows of several values: a table where there is room for its columns, and below that (a
 * phone, 360 px) a list with each row's values under their headings, so nothing scrolls
 * sideways. One or the other is rendered, never both, so assistive technology reads it once.
 */
export function ResponsiveTable<Row>({
  label,
  columns,
  rows,
  rowKey,
}: {
  /** Names the table (or the list). */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });
  if (narrow)
    return (
      <List aria-label={label} disablePadding>
        {rows.map((row) => (
          <ListItem key={rowKey(row)} divider disableGutters sx={{ display: 'block', py: 1.5 }}>
            <FactList>
              {columns.map((column) => (
                <Fact key={column.key} term={column.label}>
                  {column.render(row)}
                </Fact>
              ))}
            </FactList>
          </ListItem>
        ))}
      </List>
    );
  return (
    <Table aria-label={label} size="small">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} component="th" scope="col">
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map((column) => (
              <TableCell key={column.key} sx={{ overflowWrap: 'anywhere' }}>
                {column.render(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
