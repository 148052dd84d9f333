import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatMoney } from '@tern/domain/i18n/format';
import { useTranslation } from 'react-i18next';

/** One line of a figures table: its period, and one amount (minor units) per column. */
export interface FiguresRow {
  key: string;
  label: string;
  values: readonly (number | null)[];
}

/**
 * Money by period: a column per figure, the period first, a totals line when asked. Inside
 * its own scroll box, focusable so a keyboard can scroll it: the page never scrolls sideways.
 */
export function FiguresTable({
  label,
  periodHeader,
  headers,
  rows,
  currency,
  totalLabel,
}: {
  /** The table's accessible name. */
  label: string;
  periodHeader: string;
  headers: readonly string[];
  rows: readonly FiguresRow[];
  currency: string;
  /** With it, a totals line of every column (a missing figure counts nothing). */
  totalLabel?: string;
}) {
  const { i18n } = useTranslation();
  const money = (value: number | null) =>
    value === null ? '---' : formatMoney(value, currency, i18n.language);
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {periodHeader}
            </TableCell>
            {headers.map((header) => (
              <TableCell key={header} component="th" scope="col" align="right">
                {header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              {row.values.map((value, index) => (
                <TableCell key={headers[index]} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(value)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {totalLabel ? (
          <TableFooter sx={{ '& .MuiTableCell-root': { color: 'text.primary', fontWeight: 600 } }}>
            <TableRow>
              <TableCell component="th" scope="row">
                {totalLabel}
              </TableCell>
              {headers.map((header, index) => (
                <TableCell key={header} align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(rows.reduce((sum, row) => sum + (row.values[index] ?? 0), 0))}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        ) : null}
      </Table>
    </Box>
  );
}
