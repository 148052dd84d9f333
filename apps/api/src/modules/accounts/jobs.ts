import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../jobs.ts';
import { WARN_GUESSED, type GuessedJob } from './login-service.ts';
import { SEND_MOBILE_CODE, type MobileCodeJob } from './mobile-service.ts';
import { SEND_CODE, type CodeJob } from './otc-service.ts';
import { SEND_RESET_LINK, type ResetLinkJob } from './password-reset-service.ts';
import type { AccountsServices } from './services.ts';

/** The accounts area's background work. */
export function defineAccountsJobs(jobs: Jobs, accounts: AccountsServices, log: FastifyBaseLogger) {
  jobs.define<ResetLinkJob>({
    name: SEND_RESET_LINK,
    description: 'look up the address a reset was asked for; email its account a reset link',
    run: (job) => accounts.passwordReset.sendLink(job),
  });
  jobs.define<CodeJob>({
    name: SEND_CODE,
    description: 'send a one-time sign-in code to the account its identifier named, if any',
    run: (job) => accounts.otc.sendCode(job),
  });
  jobs.define<GuessedJob>({
    name: WARN_GUESSED,
    description:
      'email the owner of an account whose password is being guessed, if the address has one',
    run: (job) => accounts.login.warnOwner(job),
  });
  jobs.define<MobileCodeJob>({
    name: SEND_MOBILE_CODE,
    description: 'text the code that confirms a changed mobile number',
    run: (job) => accounts.mobile.deliverCode(job),
  });
  jobs.define({
    name: 'accounts.cleanup',
    description:
      'delete expired sessions, one-time codes, MFA challenges, reset links, SSO token ids and ended limit windows',
    schedule: '*/15 * * * *',
    run: async () => {
      log.info({ deleted: await accounts.cleanup() }, 'expired sign-in state deleted');
    },
  });
}
