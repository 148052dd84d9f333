import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { randomToken, sha256 } from '../../../lib/secrets.ts';
import type { ConsentJourney, SharedAccount } from '../port.ts';
import { simulatedBankConsents, type SimulatedConsentRow } from '../tables.ts';

/** Ids are UUIDs in SQL: anything else is no id of the bank's (and no query error). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: string): boolean => UUID.test(value);

/** A one-time code's hash, bound to its journey: the same code elsewhere matches nothing. */
export const codeHashOf = (journeyId: string, code: string) => sha256(`${journeyId}.${code}`);

/**
 * The simulated bank's consents in SQL: a journey from Tern's start to the customer's answer
 * on the page, the exchange of its code, and its end. Each change of status is one guarded
 * UPDATE, so two answers at once (a double click, a replayed code) cannot both win.
 */
export function consentStore(db: Db) {
  const table = simulatedBankConsents;
  return {
    /**
     * The journey of Tern's consent `consentRef`: a new one, or the pending one started
     * before with its details taken anew (Tern asked for the address again); undefined when
     * that consent's journey has been answered already.
     */
    async start(journey: ConsentJourney, at: Date): Promise<SimulatedConsentRow | undefined> {
      const details = {
        customerRef: journey.customerRef,
        redirectUri: journey.redirectUri,
        state: journey.state,
      };
      const [row] = await db
        .insert(table)
        .values({
          consentRef: journey.consentRef,
          ...details,
          formToken: randomToken(),
          startedAt: at,
        })
        .onConflictDoUpdate({
          target: table.consentRef,
          set: details,
          setWhere: eq(table.status, 'pending'),
        })
        .returning();
      return row;
    },

    async journey(journeyId: string): Promise<SimulatedConsentRow | undefined> {
      if (!isUuid(journeyId)) return undefined;
      const [row] = await db.select().from(table).where(eq(table.journeyId, journeyId));
      return row;
    },

    async consent(consentId: string): Promise<SimulatedConsentRow | undefined> {
      if (!isUuid(consentId)) return undefined;
      const [row] = await db.select().from(table).where(eq(table.consentId, consentId));
      return row;
    },

    /** The customer allowed: the code's hash is kept with its expiry. Undefined if answered. */
    async authorise(
      journeyId: string,
      answer: {
        bankName: string;
        accounts: SharedAccount[];
        codeHash: string;
        codeExpiresAt: Date;
      },
      at: Date,
    ): Promise<SimulatedConsentRow | undefined> {
      const [row] = await db
        .update(table)
        .set({ ...answer, status: 'authorised', answeredAt: at })
        .where(and(eq(table.journeyId, journeyId), eq(table.status, 'pending')))
        .returning();
      return row;
    },

    /** The customer cancelled. Undefined if the journey was answered already. */
    async refuse(journeyId: string, at: Date): Promise<SimulatedConsentRow | undefined> {
      const [row] = await db
        .update(table)
        .set({ status: 'refused', answeredAt: at })
        .where(and(eq(table.journeyId, journeyId), eq(table.status, 'pending')))
        .returning();
      return row;
    },

    /**
     * Trades the code for the consent, once: the journey's own (Tern's consent, customer and
     * return address), authorised, unexpired, with this code. The code's hash is compared in
     * SQL: the hash of a 256-bit random code leaks nothing a guess could use.
     */
    async exchange(
      journey: ConsentJourney,
      code: string,
      at: Date,
    ): Promise<SimulatedConsentRow | undefined> {
      const [found] = await db
        .select({ journeyId: table.journeyId })
        .from(table)
        .where(eq(table.consentRef, journey.consentRef));
      if (!found) return undefined;
      const [row] = await db
        .update(table)
        .set({ status: 'exchanged', exchangedAt: at, codeHash: null, codeExpiresAt: null })
        .where(
          and(
            eq(table.journeyId, found.journeyId),
            eq(table.status, 'authorised'),
            eq(table.customerRef, journey.customerRef),
            eq(table.redirectUri, journey.redirectUri),
            eq(table.codeHash, codeHashOf(found.journeyId, code)),
            gt(table.codeExpiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** Ends the consent, whatever its status; one that ended stays as it ended. */
    async revoke(consentId: string, at: Date): Promise<void> {
      if (!isUuid(consentId)) return;
      await db
        .update(table)
        .set({ status: 'revoked', revokedAt: at, codeHash: null, codeExpiresAt: null })
        .where(and(eq(table.consentId, consentId), ne(table.status, 'revoked')));
    },
  };
}
export type ConsentStore = ReturnType<typeof consentStore>;
