import type { Platform } from '../../platform.ts';
import { contentRepo } from '../content/index.ts';
import type { PartnersService } from '../partners/index.ts';
import { agentsService } from './agents/agents-service.ts';
import { auditRepo } from './audit-repo.ts';
import { cleanupRepo } from './cleanup-repo.ts';
import { LONGEST_WINDOW_MS } from './limits.ts';
import { loginService } from './sign-in/login-service.ts';
import { emailChangeService } from './details/email-change-service.ts';
import { emailCodesRepo } from './details/email-codes-repo.ts';
import { linksRepo } from './links/links-repo.ts';
import { linksService } from './links/links-service.ts';
import { mfaRepo } from './mfa/mfa-repo.ts';
import { mfaService } from './mfa/mfa-service.ts';
import { mobileCodesRepo } from './details/mobile-codes-repo.ts';
import { mobileService } from './details/mobile-service.ts';
import { otcRepo } from './one-time-code/otc-repo.ts';
import { otcService } from './one-time-code/otc-service.ts';
import { passwordResetService } from './password/password-reset-service.ts';
import { registrationService } from './register/registration-service.ts';
import { resetsRepo } from './password/resets-repo.ts';
import { sessionsRepo } from './sessions/sessions-repo.ts';
import { sessionsService } from './sessions/sessions-service.ts';
import { supportRepo } from './support/support-repo.ts';
import { supportService } from './support/support-service.ts';
import { partnerTokens } from './sso/partner-tokens.ts';
import { ssoService } from './sso/sso-service.ts';
import { inviteStaff } from './staff/invite-staff.ts';
import { listStaff } from './staff/list-staff.ts';
import { searchAudit } from './staff/search-audit.ts';
import { staffRepo } from './staff/staff-repo.ts';
import { updateStaff } from './staff/update-staff.ts';
import { throttle as createThrottle } from './throttle.ts';
import { throttleRepo } from './throttle-repo.ts';
import { usedTokensRepo } from './sso/used-tokens-repo.ts';
import { usersRepo } from './users-repo.ts';
import { usersService } from './details/users-service.ts';

/** The services of the accounts area, wired once from the platform. */
export function accountsServices(
  { db, clock, notifications, encryption, jobs, signals, live }: Platform,
  partners: Pick<PartnersService, 'secretByKid' | 'byId'>,
) {
  const users = usersRepo(db);
  const audit = auditRepo(db);
  const content = contentRepo(db);
  const sessions = sessionsService({ repo: sessionsRepo(db), audit, clock, signals });
  const throttle = createThrottle({ repo: throttleRepo(db), clock });
  const mfa = mfaService({
    repo: mfaRepo(db),
    users,
    sessions,
    throttle,
    encryption,
    clock,
    live,
  });
  const mobile = mobileService({
    repo: mobileCodesRepo(db),
    users,
    throttle,
    notifications,
    jobs,
    encryption,
    partners,
    clock,
  });
  const userService = usersService({
    repo: users,
    clock,
    notifications,
    live,
    partners,
    mobile,
    mfa,
    // The terms a user may accept: the version the partner's bundle holds now.
    termsVersions: async (partnerId) => {
      const partner = await partners.byId(partnerId);
      return partner ? content.versionsOf(partner.cmsBundle, 'terms') : [];
    },
  });
  const login = loginService({ users, mfa, throttle, jobs, notifications, partners });
  const tokens = partnerTokens({
    partners,
    users,
    usedTokens: usedTokensRepo(db),
    encryption,
    clock,
  });
  const links = linksService({ repo: linksRepo(db), users, sessions, notifications, clock });
  const staff = staffRepo(db);
  return {
    sessions,
    throttle,
    mobile,
    support: supportService({ repo: supportRepo(db), notifications, throttle }),
    users: userService,
    emailChange: emailChangeService({
      repo: emailCodesRepo(db),
      users,
      mfa,
      throttle,
      notifications,
      clock,
      changed: userService.changed,
    }),
    registration: registrationService({ users, sessions, clock }),
    links,
    login,
    mfa,
    otc: otcService({
      repo: otcRepo(db),
      users,
      mfa,
      throttle,
      notifications,
      jobs,
      encryption,
      partners,
      clock,
    }),
    passwordReset: passwordResetService({
      repo: resetsRepo(db),
      users,
      sessions,
      throttle,
      login,
      notifications,
      jobs,
      partners,
      clock,
    }),
    sso: ssoService({ tokens, sessions }),
    /** Partners' signed tokens for their customers: single sign-on's and the widget's. */
    tokens,
    agents: agentsService({ users, sessions, audit }),
    /** The admin console: the partner's staff and the audit log (an ADMIN's own session). */
    admin: {
      listStaff: listStaff({ repo: staff, clock }),
      inviteStaff: inviteStaff({ links, repo: staff, users, clock }),
      updateStaff: updateStaff({ repo: staff, sessions, audit, clock }),
      searchAudit: searchAudit({ audit }),
    },
    /** Housekeeping: what has expired goes (the `accounts.cleanup` job). */
    cleanup: () => {
      const now = clock.now();
      return cleanupRepo(db).deleteExpired(now, new Date(now.getTime() - LONGEST_WINDOW_MS));
    },
  };
}
export type AccountsServices = ReturnType<typeof accountsServices>;
