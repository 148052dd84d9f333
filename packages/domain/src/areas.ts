import { accountsContracts } from './accounts/contracts.ts';
import { claimsContracts } from './claims/contracts.ts';
import { contentContracts } from './content/contracts.ts';
import type { Contract } from './contract.ts';
import { documentsContracts } from './documents/contracts.ts';
import { luggageContracts } from './luggage/contracts.ts';
import { monitoringContracts } from './monitoring/contracts.ts';
import { partnersContracts } from './partners/contracts.ts';
import { payoutsContracts } from './payouts/contracts.ts';
import { policiesContracts } from './policies/contracts.ts';
import { resolutionsContracts } from './resolutions/contracts.ts';
import { travelContracts } from './travel/contracts.ts';
import { widgetContracts } from './widget/contracts.ts';

// Each area, whole (its schemas, rules and contracts), for `@tern/domain`.
export * from './partners/index.ts';
export * from './accounts/index.ts';
export * from './policies/index.ts';
export * from './payouts/index.ts';
export * from './claims/index.ts';
export * from './monitoring/index.ts';
export * from './travel/index.ts';
export * from './resolutions/index.ts';
export * from './luggage/index.ts';
export * from './documents/index.ts';
export * from './content/index.ts';
export * from './widget/index.ts';
// The webhook events' payloads read several areas' states, and those areas read partners: after
// them all (see the file).
export * from './partners/webhook-events.ts';

/**
 * Every area's contracts: the composition list of the domain. The API's route table, the
 * web's test fakes and docs/entrypoints.md are checked against it.
 */
export const areaContracts = {
  partners: partnersContracts,
  accounts: accountsContracts,
  policies: policiesContracts,
  payouts: payoutsContracts,
  claims: claimsContracts,
  monitoring: monitoringContracts,
  travel: travelContracts,
  resolutions: resolutionsContracts,
  luggage: luggageContracts,
  documents: documentsContracts,
  content: contentContracts,
  widget: widgetContracts,
} as const;

export type AreaName = keyof typeof areaContracts;
type AreaContracts = typeof areaContracts;
/** Every contract, as a union of their types. */
export type AnyContract = {
  [A in AreaName]: AreaContracts[A][keyof AreaContracts[A]];
}[AreaName];
/** `area.name` of every endpoint, e.g. `policies.list`: query keys and test fakes use it. */
export type ContractId = AnyContract extends { id: infer I } ? I : never;
/** The contract of an id. */
export type ContractById<I extends ContractId> = Extract<AnyContract, { id: I }>;
export const AREA_NAMES = Object.keys(areaContracts) as AreaName[];

/** Every endpoint of the API, area by area. */
export const allContracts: readonly Contract[] = Object.values(areaContracts).flatMap(
  (contracts) => Object.values(contracts) as Contract[],
);
