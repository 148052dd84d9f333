import { describe, expect, it } from 'vitest';
import {
  auditFilterFormSchema,
  auditQueryOf,
  auditQuerySchema,
  staffInvitationRequestSchema,
} from './staff.ts';

const STAFF_ID = '22222222-2222-4222-8222-222222222222';
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('the audit log search', () => {
  it('takes a customer, a staff member, days in order and a page size as browsers send them', () => {
    expect(
      auditQuerySchema.parse({
        customer: ' uma@ ',
        staff: STAFF_ID,
        from: '2026-11-01',
        to: '2026-11-01',
        limit: '50',
      }),
    ).toEqual({
      customer: 'uma@',
      staff: STAFF_ID,
      from: '2026-11-01',
      to: '2026-11-01',
      limit: 50,
    });
    expect(auditQuerySchema.parse({})).toEqual({});
  });

  it('refuses days out of order, bad days, page sizes and ids, on their own fields', () => {
    expect(messages(auditQuerySchema.safeParse({ from: '2026-11-02', to: '2026-11-01' }))).toEqual([
      ['to', 'validation.invalid_date'],
    ]);
    expect(messages(auditQuerySchema.safeParse({ from: '2026-02-30' }))).toEqual([
      ['from', 'validation.invalid_date'],
    ]);
    for (const limit of ['0', '101', '-1', '2.5', 'ten'])
      expect(auditQuerySchema.safeParse({ limit }).success, limit).toBe(false);
    expect(messages(auditQuerySchema.safeParse({ staff: 'someone' }))).toEqual([
      ['staff', 'validation.invalid'],
    ]);
  });

  it('reads the search form the same way, its empty fields meaning no filter', () => {
    const form = auditFilterFormSchema.parse({
      customer: '  ',
      staff: '',
      from: '2026-11-01',
      to: '',
    });
    expect(auditQueryOf(form)).toEqual({ from: '2026-11-01' });
    expect(
      messages(
        auditFilterFormSchema.safeParse({
          customer: '',
          staff: '',
          from: '2026-11-02',
          to: '2026-11-01',
        }),
      ),
    ).toEqual([['to', 'validation.invalid_date']]);
  });
});

describe('a staff invitation', () => {
  it('invites an AGENT or ADMIN, never a customer role', () => {
    const person = { emailAddress: 'sam@example.com', firstName: 'Sam', surname: 'Staff' };
    expect(staffInvitationRequestSchema.safeParse({ ...person, role: 'ADMIN' }).success).toBe(true);
    expect(messages(staffInvitationRequestSchema.safeParse({ ...person, role: 'USER' }))).toEqual([
      ['role', 'validation.invalid'],
    ]);
  });
});
