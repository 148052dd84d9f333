import {
  AppError,
  CUSTOMER_RESULTS_MAX,
  accountsContracts,
  isCustomerOnly,
  routeName,
  type Session,
} from '@tern/domain';
import type { Caller } from '../../../plugins/contracts.ts';
import { toCustomerSummary } from '../mappers.ts';
import type { AuditRepo } from '../audit-repo.ts';
import type { SessionsService } from '../sessions/sessions-service.ts';
import type { UsersRepo } from '../users-repo.ts';

/**
 * Agents and administrators find their partner's customers and act for them (spec 1 §6).
 * Acting opens a session of the customer that carries the agent's id; its writes are
 * audited (the contracts' signed-in steps, `plugins/contracts.ts`) and so is the act-for itself.
 */
export function agentsService(deps: {
  users: UsersRepo;
  sessions: SessionsService;
  audit: AuditRepo;
}) {
  const { users, sessions, audit } = deps;

  return {
    /** Callers are agents or administrators in their own session (the contract's `staff`). */
    async searchCustomers(caller: Caller, query: string) {
      const rows = await users.searchCustomers(
        caller.partnerId,
        query.trim(),
        CUSTOMER_RESULTS_MAX,
      );
      return rows.map(toCustomerSummary);
    },

    async actFor(caller: Caller, userId: string): Promise<Session> {
      const customer = await users.findById(userId);
      // Another partner's customer, staff, or nobody: all look the same.
      if (!customer || customer.partnerId !== caller.partnerId || !isCustomerOnly(customer.roles))
        throw new AppError('USER_NOT_FOUND', { message: `No customer ${userId}` });
      const session = await sessions.open({
        userId: customer.id,
        partnerId: caller.partnerId,
        agentId: caller.userId,
      });
      await audit.record({
        partnerId: caller.partnerId,
        agentId: caller.userId,
        userId: customer.id,
        action: routeName(accountsContracts.actFor),
        statusCode: 201,
      });
      return session;
    },
  };
}
