import { describe, expect, it, vi } from 'vitest';
import { hashPassword, verifyPassword } from '../../../lib/passwords.ts';
import type { PartnerRow } from '../../partners/index.ts';
import { loginService } from './login-service.ts';
import type { MfaService } from '../mfa/mfa-service.ts';
import type { Throttle } from '../throttle.ts';
import type { UserRow, UsersRepo } from '../users-repo.ts';

/** The service alone, with the database replaced: which hash does each login check? */
function setUp(user: Partial<UserRow> | undefined) {
  const verify = vi.fn(verifyPassword);
  const service = loginService({
    users: { findByEmail: async () => user } as unknown as UsersRepo,
    mfa: { signInOrChallenge: async () => ({ status: 'MFA_REQUIRED' }) } as unknown as MfaService,
    throttle: {
      check: async () => {},
      checkLock: async () => {},
      consume: async () => {},
      fail: async () => 1,
      reset: async () => {},
    } as unknown as Throttle,
    jobs: { add: async () => {} },
    notifications: {
      send: async () => {},
      queuing: () => {
        throw new Error('not queued in a statement here');
      },
    },
    partners: { byId: async () => undefined },
    passwords: { hash: hashPassword, verify },
  });
  const partner = { id: 'travel' } as PartnerRow;
  const attempt = (password: string) =>
    service.login(partner, { emailAddress: 'x@example.com', password }, '127.0.0.1');
  return { verify, attempt };
}

describe('loginService', () => {
  it('checks an unknown email against an argon2id hash, as it would a real account', async () => {
    const { verify, attempt } = setUp(undefined);
    await expect(attempt('Whatever-1')).rejects.toMatchObject({ code: 'INCORRECT_CREDENTIALS' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('checks an account without a password (SSO only) the same way, and refuses it', async () => {
    const { verify, attempt } = setUp({ id: 'u1', passwordHash: null });
    await expect(attempt('Whatever-1')).rejects.toMatchObject({ code: 'INCORRECT_CREDENTIALS' });
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('lets the right password through to the MFA step', async () => {
    const passwordHash = await hashPassword('Right-password-1');
    const { attempt } = setUp({ id: 'u1', passwordHash, partnerId: 'travel' });
    await expect(attempt('Right-password-1')).resolves.toEqual({ status: 'MFA_REQUIRED' });
    await expect(attempt('Wrong-password-1')).rejects.toMatchObject({
      code: 'INCORRECT_CREDENTIALS',
    });
  });
});
