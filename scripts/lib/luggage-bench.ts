import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { luggageContracts, lostBagSchema, wallClockAt, type LostBag } from '@tern/domain';
import { airportByIata } from '@tern/domain/reference/airports';
import type { Database } from '../../apps/api/src/db/client.ts';
import { announceBagChange } from '../../apps/api/src/modules/luggage/index.ts';
import { flights, trips } from '../../apps/api/src/modules/travel/tables.ts';
import { moveBagFile } from '../../apps/api/src/providers/bag-tracing/simulator/index.ts';
import { benchUsers, directFlights, median, pathOf, seedTrips } from './travel-bench.ts';

type Headers = Record<string, string>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bags of the list route's user, each on a flight of its own. */
export const LIST_BAGS = 20;
/** How many uploads are timed: the first bags' photos. */
const TIMED_UPLOADS = 10;
/** A phone's photo: 6 megapixels, noisy enough that a high-quality JPEG weighs about 3 MB. */
const PHOTO = { width: 3000, height: 2000, noise: 64, quality: 93 };
const PHOTO_BYTES = { min: 2_500_000, max: 3_500_000 };
/** The events each listed bag has: reported, reported lost (completed), located. */
const EVENTS_PER_BAG = 3;
const WAIT_MS = 60_000;

/**
 * The luggage figures of `npm run bench` (issue 27): a fresh customer reports 20 bags, one on
 * each of 20 flights of theirs that left two days ago, each with a photo of about 3 MB. The
 * first 10 uploads are timed over HTTP from the request to the 201 (stored, re-encoded without
 * EXIF, its scan queued), and from that 201 to the scan's end (the app's worker running the
 * `documents.scan` job; the simulated scanner). Every bag is then completed and located by
 * the tracing simulator's operator, so that the list the table measures carries three events
 * and a photo per bag. Answers the figures and that list's call.
 */
export async function luggageBench(options: {
  app: FastifyInstance;
  database: Database;
  appUrl: string;
  key: Headers;
  say: (line: string) => void;
}) {
  const { app, database, appUrl, key, say } = options;
  const [user] = await benchUsers(app, database, key, 1);
  const headers = { ...key, ...user!.headers };
  await seedTrips(database, user!.userId, directFlights(-2, LIST_BAGS), 4);
  const flown = await database.db
    .select({
      tripId: flights.tripId,
      flightId: flights.id,
      flightNumber: flights.flightNumber,
      destination: flights.destination,
    })
    .from(flights)
    .innerJoin(trips, eq(trips.id, flights.tripId))
    .where(eq(trips.userId, user!.userId));
  const photo = await bagPhoto();

  // PIRs and tags of their own in each run (a DATABASE_URL may hold earlier runs' files).
  const serial = randomInt(10_000, 90_000 - LIST_BAGS);
  const uploads: number[] = [];
  const scans: number[] = [];
  const bags: LostBag[] = [];
  for (const [i, flight] of flown.entries()) {
    const station = flight.destination!;
    const zone = airportByIata.get(station)!.timeZone;
    const report = await app.inject({
      method: luggageContracts.reportBag.method,
      url: pathOf(luggageContracts.reportBag),
      headers,
      payload: {
        tripId: flight.tripId,
        flightId: flight.flightId,
        pir: `${station}${flight.flightNumber.slice(0, 2)}${serial + i}`,
        tagNumber: `0014${serial + i}0`,
        colour: 'BU',
        type: '22',
        // A minute ago on the station's clock: after the flight left, no bag cash due yet.
        reportedOnLocal: wallClockAt(Date.now() - 60_000, zone).replace('T', ' '),
      },
    });
    if (report.statusCode !== 201) throw new Error(`report: ${report.statusCode} ${report.body}`);
    const bag = lostBagSchema.parse(report.json());
    const started = performance.now();
    const attached = await attachPhoto(appUrl, bag.bagId, headers, photo);
    if (i < TIMED_UPLOADS) {
      const stored = performance.now();
      uploads.push(stored - started);
      await scanned(app, bag.bagId, headers);
      scans.push(performance.now() - stored);
    }
    bags.push(attached);
  }

  // Completed (the file opens with the tracing system), then found by its operator.
  for (const bag of bags) {
    const res = await app.inject({
      method: luggageContracts.updateBag.method,
      url: pathOf(luggageContracts.updateBag, { bagId: bag.bagId }),
      headers,
      payload: { status: 'BAG_REPORTED_LOST' },
    });
    if (res.statusCode !== 200) throw new Error(`complete: ${res.statusCode} ${res.body}`);
    const moved = await moveBagFile(
      {
        db: database.db,
        clock: app.platform.clock,
        lostAfterDays: app.platform.config.BAG_TRACING_LOST_AFTER_DAYS,
      },
      { pir: bag.pir, to: 'located' },
    );
    if (!moved.ok) throw new Error(moved.reason);
    await announceBagChange(database, bag.pir);
  }
  const url = appUrl + pathOf(luggageContracts.bags);
  await until('the bags located and their photos scanned', async () => {
    const res = await fetch(url, { headers });
    const listed = lostBagSchema.array().parse(await res.json());
    return (
      listed.length === LIST_BAGS &&
      listed.every(
        (bag) =>
          bag.events.length === EVENTS_PER_BAG &&
          bag.attachments.length === 1 &&
          bag.attachments[0]!.state === 'clean',
      )
    );
  });

  const figure = (values: number[]) => ({
    median: Math.round(median(values)),
    worst: Math.round(Math.max(...values)),
  });
  const figures = {
    photoBytes: photo.length,
    uploadMs: figure(uploads),
    scanMs: figure(scans),
  };
  say(
    `\nluggage: a bag's ${(photo.length / 1e6).toFixed(1)} MB photo (${PHOTO.width}×${PHOTO.height} JPEG), request → 201 stored (re-encoded, EXIF removed, scan queued): median ${figures.uploadMs.median} ms, worst ${figures.uploadMs.worst} ms; 201 → scanned clean (documents.scan on the app's worker, simulated scanner): median ${figures.scanMs.median} ms, worst ${figures.scanMs.worst} ms (${TIMED_UPLOADS} uploads over HTTP, one at a time)`,
  );
  return { figures, list: { url, headers, userId: user!.userId } };
}

/** A JPEG of about 3 MB, a gradient under noise, with a device in its EXIF (for the server to remove). */
async function bagPhoto(): Promise<Buffer> {
  const { width, height, noise, quality } = PHOTO;
  const random = randomBytes(width * height * 3);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      raw[at] = Math.floor((x * 190) / width) + (random[at]! % noise);
      raw[at + 1] = Math.floor((y * 190) / height) + (random[at + 1]! % noise);
      raw[at + 2] = 120 + (random[at + 2]! % noise);
    }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
    .withExif({ IFD0: { Make: 'Bench', Model: 'Phone' } })
    .jpeg({ quality })
    .toBuffer();
  if (jpeg.length < PHOTO_BYTES.min || jpeg.length > PHOTO_BYTES.max)
    throw new Error(`The bench's photo weighs ${jpeg.length} bytes, not about 3 MB`);
  return jpeg;
}

/** The attach call over HTTP, as a phone sends it: multipart, one file. Answers the bag. */
async function attachPhoto(appUrl: string, bagId: string, headers: Headers, photo: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bag.jpg');
  const res = await fetch(
    appUrl + pathOf(luggageContracts.attach, { bagId }, { name: 'bag.jpg' }),
    { method: luggageContracts.attach.method, headers, body: form },
  );
  const body = await res.text();
  if (res.status !== 201) throw new Error(`attach: ${res.status} ${body}`);
  return lostBagSchema.parse(JSON.parse(body));
}

/** Until the bag's photo is scanned clean. */
async function scanned(app: FastifyInstance, bagId: string, headers: Headers) {
  for (;;) {
    const res = await app.inject({ url: pathOf(luggageContracts.bag, { bagId }), headers });
    const state = lostBagSchema.parse(res.json()).attachments[0]?.state;
    if (state === 'clean') return;
    if (state !== 'scanning') throw new Error(`the photo of ${bagId} is ${state}`);
    await sleep(5);
  }
}

async function until(what: string, done: () => Promise<boolean>) {
  const deadline = Date.now() + WAIT_MS;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${WAIT_MS / 1000} s`);
    await sleep(50);
  }
}
