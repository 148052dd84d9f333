import { minutesBetweenLocal, planOptions, type PartnerConfig } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Clock } from '../../lib/clock.ts';
import type { DisruptionPort } from '../../providers/disruption/port.ts';
import type { FlightAlertRow, FlightRow, TravelRepo } from '../travel/index.ts';
import type { PartnerOf, ResolutionMoves } from './moves.ts';
import type { ResolutionRow, ResolutionsRepo } from './repo.ts';

/** Minutes a delayed flight leaves late, from its alert: both times local to its origin. */
const delayOf = (flight: FlightRow, alert: Pick<FlightAlertRow, 'alertType' | 'delayDate'>) =>
  alert.alertType === 'DELAY' && alert.delayDate
    ? minutesBetweenLocal(
        `${flight.embarkDate} ${flight.embarkTime}`,
        alert.delayDate,
        airportByIata.get(flight.origin)?.timeZone,
      )
    : 0;

/**
 * The options engine (spec 2 §4.7; issue 14): the options made from the partner's offers when
 * a flight alert is recorded, and the lounges offered when the partner issues passes.
 */
export function optionsEngine(deps: {
  repo: ResolutionsRepo;
  travel: TravelRepo;
  disruption: DisruptionPort;
  partnerOf: PartnerOf;
  clock: Clock;
  moves: ResolutionMoves;
  /** Queues the opening of a lounge at the flight's original departure. */
  queueLounge: (resolutionId: string, at: Date) => Promise<void>;
}) {
  const { repo, travel, disruption, partnerOf, clock } = deps;
  const { publish, flightOf, release } = deps.moves;

  /**
   * Offers the lounges of the flight's airport: now, or at the original departure where the
   * partner issues passes only once it has passed; None where the airport has no lounge.
   */
  async function openLounge(row: ResolutionRow, config: PartnerConfig) {
    if (row.status !== 'Initial') return;
    const flight = await flightOf(row);
    const now = clock.now();
    if (!config.resolutions.loungeOnAnnouncement && now < flight.departureUtc) {
      await deps.queueLounge(row.id, flight.departureUtc);
      return;
    }
    const lounges = await disruption.lounges.list(flight.origin, null);
    if (lounges.length === 0) {
      await repo.move(
        row.id,
        'Initial',
        // Why (no lounge at the airport) the portal says from the move itself, in each language.
        { to: 'None', actor: 'system' },
        now,
      );
      await release({ ...row, status: 'None' });
    } else
      await repo.move(
        row.id,
        'Initial',
        { to: 'OptionsSent', actor: 'system', set: { offers: { lounges } } },
        now,
      );
    await publish(row.userId);
  }

  return {
    /** The engine: the options a new DELAY or CANCELLATION brings, once per alert. */
    async answerAlert(alertId: string): Promise<void> {
      const context = await travel.alertContext(alertId);
      if (!context || context.alert.alertType === 'ONTIME') return;
      const { alert, flight, trip } = context;
      const [{ config }, passengers, existing] = await Promise.all([
        partnerOf(trip.partnerId),
        travel.tripPassengers(trip.id),
        repo.ofFlight(flight.id),
      ]);
      const plans = planOptions(
        config.resolutions,
        {
          alertType: alert.alertType as 'DELAY' | 'CANCELLATION',
          delayMinutes: delayOf(flight, alert),
        },
        Math.max(1, passengers.length),
      );
      // Cash instead of a lounge already turned down opens at once.
      const ended = (kind: string) =>
        existing.some((e) => e.type === kind && (e.status === 'Rejected' || e.status === 'None'));
      const created = await repo.answerAlert(
        alert.id,
        plans.map((plan) => ({
          userId: trip.userId,
          partnerId: trip.partnerId,
          tripId: trip.id,
          flightId: flight.id,
          alertId: alert.id,
          position: plan.position,
          type: plan.type,
          status: plan.dependency && !ended(plan.dependency) ? 'N/A' : 'Initial',
          dependency: plan.dependency,
          amount: plan.amount,
          points: plan.points,
          currency: plan.amount === null ? null : config.payouts.country.currency,
          manual: plan.manual,
        })),
        clock.now(),
      );
      for (const row of created) if (row.type === 'LOUNGE') await openLounge(row, config);
      // Every disruption changes the open page (the alert, the evidence), new options or not:
      // a longer delay or a cancellation that brings no new type must show too (issue 25 5.4).
      await publish(trip.userId);
    },

    /** The `resolutions.open-lounge` job: a lounge whose original departure has passed. */
    async openLounge(resolutionId: string) {
      const row = await repo.find(resolutionId);
      if (row) await openLounge(row, (await partnerOf(row.partnerId)).config);
    },

    /** Offers a lounge option's lounges (see `openLounge`), as an agent's reset does again. */
    offerLounge: openLounge,
  };
}
export type OptionsEngine = ReturnType<typeof optionsEngine>;
