import {
  AppError,
  checkPayoutFields,
  PAYMENT_RAILS_SUPPLIER,
  PAYMENT_RAILS_TYPE,
  PAYOUT_ADDRESS_FIELDS,
  PAYOUT_VENDOR,
  payoutDescriptionSchema,
  payoutFieldsOf,
  providerOfKey,
  RECENT_SIGN_IN_MS,
  SESSION_TIMEOUT_MS,
  type FieldProblem,
  type HolderProof,
  type PayoutMethod,
  type PayoutMethodCreate,
  type PayoutMethodPatch,
} from '@tern/domain';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Caller, Owner } from '../../plugins/contracts.ts';
import type { NotificationsPort } from '../../providers/notifications/port.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import type { PayoutsPort } from '../../providers/payouts/port.ts';
import type { UserRow } from '../accounts/index.ts';
import type { PartnerRow } from '../partners/index.ts';
import type { AccountDetails } from './account-details.ts';
import type { PayoutFieldsService } from './fields-service.ts';
import { toPayoutMethod } from './mappers.ts';
import type { NewPayoutMethod, PayoutMethodRow, PayoutsRepo } from './repo.ts';

const METHOD_KEYS = ['PAYOUT_METHODS'] as const;

const methodNotFound = (id: string) =>
  new AppError('PAYMENT_METHOD_NOT_FOUND', { message: `No payout method ${id}` });

/** Whether two sets of account details are the same, whatever the order of their keys. */
const sameAccount = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([key, value]) => b[key] === value);

const isAddressField = (key: string) => (PAYOUT_ADDRESS_FIELDS as readonly string[]).includes(key);

/** `BANK-CORPAY` → service `bank`, provider `corpay`. */
const partsOf = (type: string) => {
  const [service = '', provider = ''] = type.toLowerCase().split('-');
  return { service, provider };
};

export interface PayoutMethodsServiceDeps {
  repo: PayoutsRepo;
  port: PayoutsPort;
  accounts: AccountDetails;
  fields: PayoutFieldsService;
  clock: Clock;
  live: LiveEvents;
  notifications: NotificationsPort;
  users: { findById(id: string): Promise<UserRow | undefined> };
  proveHolder: (user: UserRow, proof: HolderProof) => Promise<void>;
}

/**
 * Where a user's money goes (spec 1 §7 "Payout methods"): the holder's methods added,
 * changed and removed, their fields checked by the partner's payout service.
 */
export function payoutMethodsService(deps: PayoutMethodsServiceDeps) {
  const { repo, port, clock, live, notifications, users, proveHolder } = deps;
  const { stored, accountOf } = deps.accounts;
  const { serviceOf, definitionsFor, checkedValues } = deps.fields;

  const holder = async (caller: Owner) => {
    const user = await users.findById(caller.userId);
    if (!user) throw new AppError('USER_NOT_FOUND', { message: `No user ${caller.userId}` });
    return user;
  };

  /**
   * Where money goes is changed only by the holder, and from a session older than
   * RECENT_SIGN_IN_MS only with their password or TOTP code (a borrowed, still-open session
   * must not redirect payouts).
   */
  const guardChange = async (caller: Caller, user: UserRow, proof: HolderProof) => {
    if (caller.agentId)
      throw new AppError('ACCOUNT_HOLDER_ONLY', {
        message: 'Only the account holder may add or change a payout method',
      });
    const signedInAt = caller.expiresAt.getTime() - SESSION_TIMEOUT_MS;
    if (clock.now().getTime() - signedInAt <= RECENT_SIGN_IN_MS) return;
    if (!proof.password && !proof.code)
      throw new AppError('RECENT_SIGN_IN_REQUIRED', {
        message: 'Confirm it is you to change where payouts go',
        field: user.mfaEnabled ? 'code' : 'password',
      });
    await proveHolder(user, proof);
  };

  /** The email telling the holder their methods changed. */
  const notice = (
    user: UserRow,
    partner: PartnerRow,
    description: string,
    change: 'added' | 'changed' | 'removed',
  ) => ({
    channel: 'email' as const,
    to: user.emailAddress,
    partnerId: partner.id,
    template: 'payout-method-changed',
    locale: user.locale,
    userId: user.id,
    ...renderTemplate('payout-method-changed', user.locale, {
      description,
      change,
      partnerName: partner.name,
    }),
  });

  const tell = async (
    user: UserRow,
    partner: PartnerRow,
    description: string,
    change: 'added' | 'changed' | 'removed',
  ) => {
    await notifications.send(notice(user, partner, description, change));
    await live.publish(user.id, METHOD_KEYS);
  };

  /**
   * Adds a method with its notice and live event in the insert's own statement: one round
   * trip and one commit, and a method that is not added queues nothing.
   */
  const addMethod = (user: UserRow, partner: PartnerRow, values: NewPayoutMethod) =>
    repo.insertMethod(values, [
      notifications.queuing(notice(user, partner, values.description, 'added')),
      live.publication(user.id, METHOD_KEYS),
    ]);

  /**
   * A method's new values. The fields its provider defines are checked again as a whole
   * (the details it holds filling those the request leaves out), also when only the address
   * changed; a new provider ("update to Corpay") or currency means its definitions. Address
   * lines no definition names (a manual method's, spec 2 §2.5) are kept as they come.
   */
  const changedValues = async (
    partner: PartnerRow,
    current: PayoutMethodRow,
    patch: PayoutMethodPatch,
    given: Record<string, string>,
  ) => {
    const reshaped =
      patch.type !== undefined ||
      patch.currency !== undefined ||
      Object.keys(given).some((key) => !isAddressField(key));
    const type = patch.type ?? providerOfKey(current.type.toLowerCase());
    const description = patch.description !== undefined ? { description: patch.description } : {};
    const currency = patch.currency ?? current.currency;
    // An address change on a method of a provider the partner has since dropped keeps as is.
    const checkable = type && (reshaped || serviceOf(partner).providers.includes(type));
    const definitions = checkable ? await definitionsFor(partner, type, currency) : [];
    const keys = new Set(definitions.map((field) => field.key));
    if (!reshaped && !Object.keys(given).some((key) => keys.has(key)))
      return {
        values: { ...description, extras: { ...current.extras, ...given } },
        accountChanged: false,
      };
    if (!type)
      throw new AppError('INVALID_PARAMS', {
        message: `A ${current.type} method's details are kept by its supplier`,
        field: 'type',
      });
    const before = accountOf(current);
    const held = Object.fromEntries(
      Object.entries({ ...current.extras, ...before }).filter(([key]) => keys.has(key)),
    );
    const next = stored(checkedValues(definitions, currency, { ...held, ...given }));
    return {
      values: {
        ...description,
        ...partsOf(type),
        vendor: PAYOUT_VENDOR,
        type,
        currency,
        extras: next.extras,
        accountMasked: next.accountMasked,
        accountCiphertext: next.accountCiphertext,
      },
      accountChanged: !sameAccount(before, next.account),
    };
  };

  return {
    /**
     * The user's payout methods. Answered whatever the partner's payout configuration: they
     * are the user's own records (a partner that drops its payout service still shows them).
     */
    async listMethods(owner: Owner): Promise<PayoutMethod[]> {
      const rows = await repo.listMethods(owner.userId, owner.partnerId);
      return rows.map(toPayoutMethod);
    },

    async createMethod(
      caller: Caller,
      partner: PartnerRow,
      body: PayoutMethodCreate,
    ): Promise<PayoutMethod> {
      const service = serviceOf(partner);
      const user = await holder(caller);
      await guardChange(caller, user, body);
      const currency = body.currency ?? service.country.currency;
      const definitions = await definitionsFor(partner, body.type, currency);
      const values = checkedValues(definitions, currency, payoutFieldsOf(body));
      const row = await addMethod(user, partner, {
        userId: caller.userId,
        partnerId: caller.partnerId,
        description: body.description,
        ...partsOf(body.type),
        vendor: PAYOUT_VENDOR,
        type: body.type,
        currency,
        ...stored(values),
      });
      return toPayoutMethod(row);
    },

    /**
     * Whether the caller may open the payment-rails supplier's page: as adding a method, the
     * holder only, from a recent sign-in (the page then stands for the session).
     */
    async mayAddMethod(caller: Caller): Promise<void> {
      await guardChange(caller, await holder(caller), {});
    },

    /**
     * A method the payment-rails supplier's page created: the page itself stood between the
     * user and the account (its one-time link was opened from a signed-in session).
     */
    async createSupplierMethod(
      owner: Owner,
      partner: PartnerRow,
      description: string,
      given: Record<string, string>,
    ): Promise<PayoutMethod | FieldProblem[]> {
      const { currency, fields } = await deps.fields.supplierFields(partner);
      // Every field's problem at once, the description's with the bank fields'.
      const named = payoutDescriptionSchema.safeParse(description);
      const checked = checkPayoutFields(fields, given);
      const problems = [
        ...(named.success
          ? []
          : [{ field: 'description', message: named.error.issues[0]!.message }]),
        ...checked.problems,
      ];
      if (!named.success || checked.problems.length > 0) return problems;
      const account = port.checkAccount(currency, checked.values);
      if (account.problems.length > 0) return account.problems;
      const user = await holder(owner);
      const row = await addMethod(user, partner, {
        userId: owner.userId,
        partnerId: owner.partnerId,
        description: named.data,
        ...partsOf(PAYMENT_RAILS_TYPE),
        vendor: PAYMENT_RAILS_SUPPLIER,
        type: PAYMENT_RAILS_TYPE,
        currency,
        ...stored(account.values),
      });
      return toPayoutMethod(row);
    },

    /**
     * `preferred: 1` moves the preferred flag; other fields change the method: its address
     * and description, or its provider's fields (checked again as a whole, with the details
     * it already holds for the fields the new request leaves out).
     */
    async updateMethod(
      caller: Caller,
      partner: PartnerRow,
      id: string,
      body: PayoutMethodPatch,
    ): Promise<PayoutMethod> {
      const changes = payoutFieldsOf(body);
      // Where the money goes changes with any of these; a description alone is only a name.
      const redirects =
        body.type !== undefined || body.currency !== undefined || Object.keys(changes).length > 0;
      let updated: PayoutMethodRow | undefined;
      if (redirects || body.description !== undefined) {
        const user = await holder(caller);
        if (redirects) await guardChange(caller, user, body);
        const outcome = await repo.changeMethod(
          caller.userId,
          caller.partnerId,
          id,
          (row) => changedValues(partner, row, body, changes),
          clock.now(),
        );
        if (outcome === 'missing') throw methodNotFound(id);
        if (outcome === 'in-use')
          throw new AppError('PAYOUT_METHOD_IN_USE', {
            message: 'A payment is on its way to these account details',
          });
        updated = outcome;
        if (redirects) await tell(user, partner, updated.description, 'changed');
        else await live.publish(caller.userId, METHOD_KEYS);
      }
      if (body.preferred === 1) {
        updated = await repo.setPreferred(caller.userId, caller.partnerId, id, clock.now());
        if (!updated) throw methodNotFound(id);
        await live.publish(caller.userId, METHOD_KEYS);
      }
      // Only spec 2's descriptive keys (service, provider, vendor): nothing to change.
      updated ??= await repo.findMethod(caller.userId, caller.partnerId, id);
      if (!updated) throw methodNotFound(id);
      return toPayoutMethod(updated);
    },

    async removeMethod(caller: Caller, partner: PartnerRow, id: string): Promise<PayoutMethod[]> {
      const outcome = await repo.removeMethod(caller.userId, caller.partnerId, id, clock.now());
      if (outcome === 'missing') throw methodNotFound(id);
      if (outcome === 'in-use')
        throw new AppError('PAYOUT_METHOD_IN_USE', {
          message: 'A payment is on its way to this method',
        });
      const user = await holder(caller);
      await tell(user, partner, outcome.description, 'removed');
      return this.listMethods(caller);
    },
  };
}
export type PayoutMethodsService = ReturnType<typeof payoutMethodsService>;
