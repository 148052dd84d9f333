import {
  AIRTAG_LINK_LIFETIME_MS,
  AppError,
  FINAL_BAG_STATUSES,
  OPEN_BAG_STATUSES,
  type BagStatus,
  type LostBag,
  type LostBagPatch,
  type LostBagRequest,
} from '@tern/domain';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LiveEvents } from '../../live/events.ts';
import type { Owner } from '../../plugins/contracts.ts';
import type { BagTracingPort } from '../../providers/bag-tracing/port.ts';
import type { PartnerEvents } from '../partners/index.ts';
import type { FlightRow, TravelRepo } from '../travel/index.ts';
import type { Upload } from '../../plugins/uploads.ts';
import type { BagFiles } from './bag-files.ts';
import type { LostBagRow, LuggageRepo } from './repo.ts';
import { reportTime, stationOf } from './report-rules.ts';

/** A committed change of a bag's status, as the luggage area tells other areas. */
export interface BagChange {
  bagId: string;
  userId: string;
  partnerId: string;
  status: BagStatus;
  /** When the change happened, as its source says. */
  at: Date;
}

/** A bag's status change as the listeners hear it. */
export const bagChange = (
  bag: Pick<LostBagRow, 'id' | 'userId' | 'partnerId'>,
  event: { status: BagStatus; at: Date },
): BagChange => ({
  bagId: bag.id,
  userId: bag.userId,
  partnerId: bag.partnerId,
  status: event.status,
  at: event.at,
});

/** The partner's `bag.status_changed`, raised in the transaction of the change. */
export const raiseBagStatus =
  (events: PartnerEvents) => (tx: Tx, bag: LostBagRow, previous: BagStatus) =>
    events.emit(
      {
        partnerId: bag.partnerId,
        type: 'bag.status_changed',
        data: {
          bagId: bag.id,
          userId: bag.userId,
          tripId: bag.tripId,
          flightId: bag.flightId,
          status: bag.status,
          previousStatus: previous,
        },
      },
      tx,
    );

export interface LuggageDeps {
  repo: LuggageRepo;
  /** A bag's status changed is the partner's event (`raiseBagStatus`). */
  events: PartnerEvents;
  travel: Pick<TravelRepo, 'findTrip' | 'flightsOf'>;
  tracing: BagTracingPort;
  clock: Clock;
  live: LiveEvents;
  /** Tells the other areas' listeners (`app.lostBags.subscribe`) of a committed change. */
  changed: (change: BagChange) => Promise<void>;
  /** Whether a bag has cash claimed or paid (the resolutions area's say): it cannot go then. */
  hasPendingResolution: (bagId: string) => Promise<boolean>;
  /** Bags as answered, and their files in the documents area. */
  files: BagFiles;
}

const notFound = (bagId: string) => new AppError('BAG_NOT_FOUND', { message: `No bag ${bagId}` });
const isFinal = (status: BagStatus) =>
  (FINAL_BAG_STATUSES as readonly BagStatus[]).includes(status);
const isOpen = (status: BagStatus) => (OPEN_BAG_STATUSES as readonly BagStatus[]).includes(status);

/** Lost-bag reports (spec 2 §3 "Lost bag", §4.6, §7 "Luggage"). */
export function luggageService(deps: LuggageDeps) {
  const { repo, travel, tracing, clock, live, files } = deps;

  /** The flight of one of the caller's open trips, or 404 FLIGHT_NOT_FOUND. */
  async function ownFlight(owner: Owner, tripId: string, flightId: string): Promise<FlightRow> {
    const trip = await travel.findTrip(owner, tripId);
    const flight = trip && (await travel.flightsOf([tripId])).find((f) => f.id === flightId);
    if (!flight?.active)
      throw new AppError('FLIGHT_NOT_FOUND', { message: `No flight ${flightId} on your trips` });
    return flight;
  }

  async function ownBag(owner: Owner, bagId: string): Promise<LostBagRow> {
    const bag = await repo.findBag(owner, bagId);
    if (!bag) throw notFound(bagId);
    return bag;
  }

  const views = (owner: Owner, rows: LostBagRow[]) => files.views(owner, rows);
  const view = (owner: Owner, row: LostBagRow) => files.view(owner, row);

  /** The same tag on the same flight twice is one bag reported twice. */
  const duplicateAsConflict = (error: unknown): never => {
    if (isUniqueViolation(error))
      throw new AppError('BAG_ALREADY_REPORTED', { message: 'This bag is reported already' });
    throw error;
  };

  /** The AirTag link as given ('' removes it), kept with the day Apple ends it. */
  const airtagOf = (url: string | undefined, now: Date) =>
    url === undefined
      ? {}
      : url === ''
        ? { airtagUrl: null, airtagExpiresAt: null }
        : { airtagUrl: url, airtagExpiresAt: new Date(now.getTime() + AIRTAG_LINK_LIFETIME_MS) };

  /** Hands the bag's file to the airline's tracing system (again, after a correction). */
  const openFile = (bag: LostBagRow) => {
    const { station, airline } = stationOf(bag.pir);
    return tracing.open({
      pir: bag.pir,
      tagNumber: bag.tagNumber,
      colour: bag.colour,
      type: bag.type,
      station,
      airline,
      reportedAt: bag.reportedOn.toISOString(),
    });
  };

  const published = (bag: LostBagRow) => live.publish(bag.userId, ['LUGGAGE']);

  return {
    async listBags(owner: Owner): Promise<LostBag[]> {
      return views(owner, await repo.listBags(owner.userId, owner.partnerId));
    },

    async bag(owner: Owner, bagId: string): Promise<LostBag> {
      return view(owner, await ownBag(owner, bagId));
    },

    async report(owner: Owner, request: LostBagRequest): Promise<LostBag> {
      const flight = await ownFlight(owner, request.tripId, request.flightId);
      const { station, timeZone } = stationOf(request.pir);
      const now = clock.now();
      const when = reportTime(request.reportedOnLocal, timeZone, {
        departureUtc: flight.departureUtc,
        now,
      });
      const created = await repo
        .insertBag(
          {
            userId: owner.userId,
            partnerId: owner.partnerId,
            tripId: request.tripId,
            flightId: request.flightId,
            status: 'REPORTED',
            pir: request.pir,
            tagNumber: request.tagNumber,
            colour: request.colour,
            type: request.type,
            ...when,
            ...airtagOf(request.airtagUrl, now),
            createdAt: now,
            updatedAt: now,
          },
          { status: 'REPORTED', at: when.reportedOn, source: 'customer', station },
        )
        .catch(duplicateAsConflict);
      await published(created);
      return view(owner, created);
    },

    /**
     * Completes the report (status BAG_REPORTED_LOST: its photo first, then the file goes to
     * the tracing system) or corrects its details while tracing has not ended.
     */
    async update(owner: Owner, bagId: string, patch: LostBagPatch): Promise<LostBag> {
      let bag = await ownBag(owner, bagId);
      if (isFinal(bag.status))
        throw new AppError('INVALID_BAG_STATUS', { message: `Tracing of ${bagId} has ended` });
      const completing = patch.status === 'BAG_REPORTED_LOST' && bag.status === 'REPORTED';
      if (completing) {
        const attachments = await repo.attachmentsOf([bag.id]);
        if (!attachments.some((a) => a.kind === 'IMAGE'))
          throw new AppError('MISSING_PARAMS', {
            message: 'A report is completed with its photo',
            field: 'image',
            details: [{ field: 'image', message: 'validation.required' }],
          });
      }
      const { status: _status, airtagUrl, ...details } = patch;
      const now = clock.now();
      const corrected = Object.values(details).some((v) => v !== undefined);
      if (corrected || airtagUrl !== undefined) {
        const merged = { ...bag, ...details };
        const { timeZone } = stationOf(merged.pir);
        const flight = await ownFlight(owner, bag.tripId, bag.flightId);
        const when = reportTime(details.reportedOnLocal ?? bag.reportedOnLocal, timeZone, {
          departureUtc: flight.departureUtc,
          now,
        });
        bag = await repo
          .updateBag(bag.id, { ...details, ...when, ...airtagOf(airtagUrl, now) }, now)
          .catch(duplicateAsConflict);
        if (corrected && isOpen(bag.status)) await openFile(bag);
      }
      if (completing) {
        await openFile(bag);
        const [event] = await repo.recordEvents(
          bag.id,
          [
            {
              status: 'BAG_REPORTED_LOST',
              at: now,
              source: 'customer',
              station: stationOf(bag.pir).station,
            },
          ],
          'BAG_REPORTED_LOST',
          now,
          ['REPORTED'],
          raiseBagStatus(deps.events),
        );
        bag = (await repo.findBag(owner, bag.id))!;
        if (event) await deps.changed(bagChange(bag, event));
      }
      await published(bag);
      return view(owner, bag);
    },

    /** Uploads the report image (one document per report, spec 2 §7). */
    async attach(owner: Owner, bagId: string, upload: Upload, name: string): Promise<LostBag> {
      const bag = await ownBag(owner, bagId);
      await files.attachImage(owner, bag, upload, name);
      await published(bag);
      return view(owner, bag);
    },

    /** A file of the caller's bag: where its signed, short-lived download is (a 302). */
    async attachment(
      owner: Owner,
      params: { bagId: string; attachmentId: string },
    ): Promise<{ location: string }> {
      return files.downloadUrl(owner, await ownBag(owner, params.bagId), params.attachmentId);
    },

    /**
     * Withdraws a report and its files, unless its cash has been claimed or paid. Answers the
     * bags left.
     */
    async remove(owner: Owner, bagId: string): Promise<LostBag[]> {
      const bag = await ownBag(owner, bagId);
      if (await deps.hasPendingResolution(bag.id))
        throw new AppError('BAG_RESOLUTION_PENDING', {
          message: `Cash has been claimed for ${bagId}`,
        });
      await files.removeAll(owner, bag);
      await repo.deleteBag(bag.id);
      await published(bag);
      return views(owner, await repo.listBags(owner.userId, owner.partnerId));
    },
  };
}
export type LuggageService = ReturnType<typeof luggageService>;
