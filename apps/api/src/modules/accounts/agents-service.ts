import { AppError, isCustomerOnly, isElevated, type Session } from '@tern/domain';
import { CUSTOMER_SEARCH_MAX } from './limits.ts';
import { toCustomerSummary } from './mappers.ts';
import type { AuditRepo } from './audit-repo.ts';
import type { Caller, SessionsService } from './sessions-service.ts';
import type { UsersRepo } from './users-repo.ts';

/**
 * Agents and administrators find their partner's customers and act for them (spec 1 §6).
 * Acting opens a session of the customer that carries the agent's id; its writes are
 * audited (plugins/auth.ts) and so is the act-for itself.
 */
export function agentsService(deps: {
  users: UsersRepo;
  sessions: SessionsService;
  audit: AuditRepo;
}) {
  const { users, sessions, audit } = deps;

  /** Only an agent's or administrator's own session: not one acting for a customer. */
  const assertAgent = (caller: Caller) => {
    if (caller.agentId || !isElevated(caller.roles))
      throw new AppError('REQUIRES_ELEVATED_ROLE', { message: 'Only agents may do this' });
  };

  return {
    async searchCustomers(caller: Caller, query: string) {
      assertAgent(caller);
      const rows = await users.searchCustomers(caller.partnerId, query.trim(), CUSTOMER_SEARCH_MAX);
      return rows.map(toCustomerSummary);
    },

    async actFor(caller: Caller, userId: string): Promise<Session> {
      assertAgent(caller);
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
        action: 'POST /platform/agent/act-for',
        statusCode: 201,
      });
      return session;
    },
  };
}
export type AgentsService = ReturnType<typeof agentsService>;
