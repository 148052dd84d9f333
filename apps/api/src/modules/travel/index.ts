import { travelContracts } from '@tern/domain';
import { answerCache, approximateSize } from '../../db/answer-cache.ts';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { renderTemplate } from '../../providers/notifications/templates.ts';
import { usersRepo } from '../accounts/index.ts';
import { areaGate } from '../partners/index.ts';
import { policiesRepo } from '../policies/index.ts';
import { bookingService, type CoveringPolicy } from './booking-service.ts';
import { queueFlightCheck, travelJobs } from './jobs.ts';
import { travelRepo, type FlightAlertRow } from './repo.ts';
import { travelRoutes } from './routes.ts';
import { travelService } from './service.ts';
import { watchService } from './watch.ts';

export { announceFlightChange } from './jobs.ts';
export { travelRepo, type FlightAlertRow, type FlightRow, type TravelRepo } from './repo.ts';
export { flightAlerts, trips } from './tables.ts';

/** What this process keeps of trip lists: about 2,000 of 20 trips of 4 flights. */
const TRIP_LISTS_HELD_BYTES = 64 * 1024 * 1024;

type AlertListener = (alert: FlightAlertRow) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** New flight disruptions, for areas that act on them (resolutions). */
    flightAlerts: { subscribe: (listener: AlertListener) => void };
  }
}
export { legOptions, toNewFlight } from './booking-service.ts';

/**
 * Travel: passengers, trips and their flights, the purchase (blink it), disruption notices and
 * the watch over every insured flight through the flights port (spec 2 §7 "Travel"). Only for
 * partners with the default travel configuration: to others the routes do not exist.
 */
export const travelModule = defineModule(
  'travel',
  ['accounts', 'policies'],
  (app, { db, clock, live, jobs, notifications, flights, partnerEvents }) => {
    const repo = travelRepo(db);
    const policies = policiesRepo(db);
    const users = usersRepo(db);
    const policyOf = async (owner: { userId: string; partnerId: string }, number: string) => {
      const wanted = number.toUpperCase();
      const found = (await policies.activeForUser(owner)).find(
        (p) => p.externalPolicyNumber.toUpperCase() === wanted,
      );
      return found satisfies CoveringPolicy | undefined;
    };
    const travel = travelService({
      repo,
      clock,
      live,
      answers: answerCache(db, { maxSize: TRIP_LISTS_HELD_BYTES, sizeOf: approximateSize }),
      policyOf,
      userOf: (userId) => users.findById(userId),
    });
    const booking = bookingService({
      repo,
      flights,
      clock,
      events: partnerEvents,
      policyOf,
      passengersOf: travel.ownPassengers,
      booked: async (owner, tripId) => {
        await live.publish(owner.userId, ['TRIPS']);
        return travel.trip(owner, tripId);
      },
    });
    const listeners: AlertListener[] = [];
    app.decorate('flightAlerts', { subscribe: (listener) => void listeners.push(listener) });
    const watch = watchService({
      repo,
      flights,
      clock,
      live,
      events: partnerEvents,
      alerted: async (alert) => {
        // A listener's failure must not undo the alert: its own sweep catches up.
        for (const listener of listeners)
          await listener(alert).catch((error: unknown) =>
            app.log.error({ err: error, alertId: alert.id }, 'flight alert listener failed'),
          );
      },
      tell: async (owner, flight, alert) => {
        const [user, partner] = await Promise.all([
          users.findById(owner.userId),
          app.partners.byId(owner.partnerId),
        ]);
        if (!user || !partner) return;
        await notifications.send({
          channel: 'email',
          to: user.emailAddress,
          partnerId: partner.id,
          template: 'flight-alert',
          locale: user.locale,
          userId: user.id,
          ...renderTemplate('flight-alert', user.locale, {
            flightNumber: flight.flightNumber,
            embark: `${flight.embarkDate} ${flight.embarkTime}`,
            alertType: alert.alertType,
            delayDate: alert.delayDate,
            partnerName: partner.name,
          }),
        });
      },
    });
    jobs.register(travelJobs, watch);
    registerContracts(
      app,
      travelContracts,
      travelRoutes(
        travel,
        booking,
        watch,
        async (keys) => {
          for (const key of keys) await queueFlightCheck(jobs, key);
        },
        // The claims area is registered after this one: it is asked at request time.
        (owner, partner, order) => app.insuredItems.buy(owner, partner, order),
      ),
      { gate: areaGate('travel'), shared: { itemsTransaction: areaGate('travel', 'claims') } },
    );
  },
);
