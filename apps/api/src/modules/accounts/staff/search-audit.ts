import {
  AUDIT_PAGE_SIZE,
  AppError,
  DAY_MS,
  type AuditPage,
  type auditQuerySchema,
} from '@tern/domain';
import { z } from 'zod';
import type { Caller } from '../../../plugins/contracts.ts';
import type { PartnerRow } from '../../partners/index.ts';
import { requireAdmin } from '../admin-only.ts';
import type { AuditFilter, AuditListing, AuditRepo } from '../audit-repo.ts';
import { toAuditEntry } from '../mappers.ts';

type AuditQuery = z.output<typeof auditQuerySchema>;

/** A page's last entry as the next page's cursor: its time to the microsecond and its id. */
const cursorOf = ({ at, row }: AuditListing): string =>
  Buffer.from(`${at}|${row.id}`).toString('base64url');

const cursorSchema = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.uuid(),
]);
function entryOf(cursor: string): AuditFilter['before'] {
  const parsed = cursorSchema.safeParse(Buffer.from(cursor, 'base64url').toString().split('|'));
  if (!parsed.success)
    throw new AppError('INVALID_PARAMS', { field: 'cursor', message: 'Not a cursor of this log' });
  const [at, id] = parsed.data;
  return { at, id };
}

const startOfDay = (day: string) => new Date(`${day}T00:00:00.000Z`);
const isId = (text: string) => z.uuid().safeParse(text).success;

/**
 * The admin console's audit log: newest first, by customer (id, or part of the email
 * address), staff member and days (UTC, inclusive), a page at a time (keyset: the cursor is
 * the last entry's time and id, so entries written meanwhile neither repeat nor go missing).
 */
export function searchAudit(deps: { audit: AuditRepo }) {
  return async (caller: Caller, partner: PartnerRow, query: AuditQuery): Promise<AuditPage> => {
    requireAdmin(caller, 'READ_AUDIT');
    const limit = query.limit ?? AUDIT_PAGE_SIZE;
    const { customer } = query;
    const filter: AuditFilter = {
      ...(customer
        ? isId(customer)
          ? { customerId: customer }
          : { customerEmail: customer }
        : {}),
      ...(query.staff ? { staffId: query.staff } : {}),
      ...(query.from ? { from: startOfDay(query.from) } : {}),
      ...(query.to ? { until: new Date(startOfDay(query.to).getTime() + DAY_MS) } : {}),
      ...(query.cursor ? { before: entryOf(query.cursor) } : {}),
    };
    // One more than the page: whether there is a next one.
    const rows = await deps.audit.search(partner.id, filter, limit + 1);
    const page = rows.slice(0, limit);
    return {
      entries: page.map(toAuditEntry),
      nextCursor: rows.length > limit ? cursorOf(page.at(-1)!) : null,
    };
  };
}
