import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Encryption } from '../../lib/encryption.ts';
import type { NotificationsPort } from '../../providers/notifications/port.ts';
import type { PartnersRepo } from '../partners/repo.ts';
import type { PoliciesRepo } from '../policies/repo.ts';
import { agentsService } from './agents-service.ts';
import { auditRepo } from './audit-repo.ts';
import { loginService } from './login-service.ts';
import { mfaRepo } from './mfa-repo.ts';
import { mfaService } from './mfa-service.ts';
import { otcRepo } from './otc-repo.ts';
import { otcService } from './otc-service.ts';
import { passwordResetService } from './password-reset-service.ts';
import { registrationService } from './registration-service.ts';
import { resetsRepo } from './resets-repo.ts';
import type { SessionsService } from './sessions-service.ts';
import { ssoService } from './sso-service.ts';
import { throttle as createThrottle } from './throttle.ts';
import { throttleRepo } from './throttle-repo.ts';
import { usedTokensRepo } from './used-tokens-repo.ts';
import { usersRepo } from './users-repo.ts';
import { usersService } from './users-service.ts';

/** The services of the accounts area, wired from the app's dependencies. */
export function accountsServices(deps: {
  db: Db;
  clock: Clock;
  sessions: SessionsService;
  partners: PartnersRepo;
  policies: PoliciesRepo;
  notifications: NotificationsPort;
  encryption: Encryption;
}) {
  const { db, clock, sessions, notifications, encryption } = deps;
  const users = usersRepo(db);
  const throttle = createThrottle({ repo: throttleRepo(db), clock });
  const mfa = mfaService({ repo: mfaRepo(db), users, sessions, throttle, encryption, clock });
  return {
    users: usersService({ repo: users, clock, notifications }),
    registration: registrationService({ users, policies: deps.policies, sessions, clock }),
    login: loginService({ users, mfa, throttle }),
    mfa,
    otc: otcService({ repo: otcRepo(db), users, mfa, throttle, notifications, clock }),
    passwordReset: passwordResetService({
      repo: resetsRepo(db),
      users,
      sessions,
      throttle,
      notifications,
      clock,
    }),
    sso: ssoService({
      partners: deps.partners,
      users,
      usedTokens: usedTokensRepo(db),
      sessions,
      encryption,
      clock,
    }),
    agents: agentsService({ users, sessions, audit: auditRepo(db) }),
  };
}
export type AccountsServices = ReturnType<typeof accountsServices>;
