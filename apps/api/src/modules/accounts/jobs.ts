import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { defineJobs, sealedPayload } from '../../jobs.ts';
import type { AccountsServices } from './services.ts';

/** What the accounts area's jobs run with. */
interface Deps {
  accounts: AccountsServices;
  log: FastifyBaseLogger;
}

/**
 * An address a sign-in request named: the job looks its account up, so an unknown address
 * costs the request the same as a known one.
 */
const addressPayload = z.object({ partnerId: z.string(), emailAddress: z.string() });
export type AddressPayload = z.output<typeof addressPayload>;

/** The accounts area's background work. */
export const accountsJobs = defineJobs('accounts', {
  sendResetLink: {
    description: 'look up the address a reset was asked for; email its account a reset link',
    payload: addressPayload,
    run: (job, { accounts }: Deps) => accounts.passwordReset.sendLink(job),
  },
  sendCode: {
    description: 'send a one-time sign-in code to the account its identifier named, if any',
    payload: sealedPayload,
    run: (job, { accounts }: Deps) => accounts.otc.sendCode(job),
  },
  warnGuessed: {
    description:
      'email the owner of an account whose password is being guessed, if the address has one',
    payload: addressPayload,
    run: (job, { accounts }: Deps) => accounts.login.warnOwner(job),
  },
  sendMobileCode: {
    description: 'text the code that confirms a changed mobile number',
    payload: sealedPayload,
    run: (job, { accounts }: Deps) => accounts.mobile.deliverCode(job),
  },
  cleanup: {
    description:
      'delete expired sessions, one-time codes, MFA challenges, reset links, SSO token ids and ended limit windows',
    payload: z.object({}),
    schedule: '*/15 * * * *',
    run: async (_job, { accounts, log }: Deps) => {
      log.info({ deleted: await accounts.cleanup() }, 'expired sign-in state deleted');
    },
  },
});
