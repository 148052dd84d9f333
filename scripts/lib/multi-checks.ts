import type { Cluster } from './multi-cluster.ts';
import type { Actor, LoadContext } from './multi-actors.ts';
import { median, p99 } from './multi-load.ts';
import type { watchJobs, watchLiveEvents, webhookReceiver } from './multi-witness.ts';

/** What `npm run multi` checks once the load has stopped: each answers lines to print and whether it holds. */

interface Verdict {
  ok: boolean;
  lines: string[];
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * Every event published for a user after their stream was ready arrived on that stream, on
 * both instances; its delay from PostgreSQL's NOTIFY (as the script's own LISTEN heard it) to
 * the stream, per instance; and from a rename's request to its event on the instance that did
 * not serve it.
 */
export async function checkLiveEvents(
  actors: Actor[],
  live: Awaited<ReturnType<typeof watchLiveEvents>>,
): Promise<Verdict> {
  const missing = () => {
    const lost: string[] = [];
    for (const actor of actors)
      for (const stream of actor.streams)
        for (const [id, event] of live.heard)
          if (event.userId === actor.userId && BigInt(id) > stream.readyId)
            if (!stream.arrivals.has(id)) lost.push(`${id} on :${stream.instance.port}`);
    return lost;
  };
  for (let i = 0; i < 150 && missing().length > 0; i++) await sleep(100);
  const lost = missing();
  const ended = actors.flatMap((a) => a.streams).filter((s) => s.endedEarly).length;
  const delays = new Map<number, number[]>();
  let delivered = 0;
  for (const actor of actors)
    for (const stream of actor.streams)
      for (const [id, arrived] of stream.arrivals) {
        const heard = live.heard.get(id);
        if (!heard) continue;
        delivered += 1;
        const list = delays.get(stream.instance.port) ?? [];
        list.push(arrived - heard.at);
        delays.set(stream.instance.port, list);
      }
  // A user's renames and their USER_DETAILS events come in the same order: pair them.
  const acrossInstances: number[] = [];
  let unpaired = 0;
  for (const actor of actors) {
    const ids = [...live.heard]
      .filter(([, e]) => e.userId === actor.userId && e.keys.includes('USER_DETAILS'))
      .map(([id]) => id)
      .sort((a, b) => Number(BigInt(a) - BigInt(b)));
    if (ids.length !== actor.renames.length) {
      unpaired += actor.renames.length;
      continue;
    }
    actor.renames.forEach((rename, i) => {
      const other = actor.streams.find((s) => s.instance !== rename.on)!;
      const arrived = other.arrivals.get(ids[i]!);
      if (arrived !== undefined) acrossInstances.push(arrived - rename.at);
    });
  }
  const published = [...live.heard.values()].filter((e) =>
    actors.some((a) => a.userId === e.userId),
  ).length;
  const perInstance = [...delays].map(([port, list]) => `:${port} p99 ${ms(p99(list))}`).join(', ');
  return {
    ok: lost.length === 0 && ended === 0,
    lines: [
      `events: ${published} published for the load's users, ${delivered} deliveries on their streams (each user holds one on each instance), ${lost.length} missing${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''}, ${ended} streams ended early; NOTIFY → stream ${perInstance}`,
      `        a rename's request → its event on the other instance: p99 ${ms(p99(acrossInstances))}, median ${ms(median(acrossInstances))} (${acrossInstances.length} renames${unpaired ? `, ${unpaired} not paired` : ''})`,
    ],
  };
}

/** Every job taken once, finished, none failed or retried, no cron tick run twice. */
export async function checkJobs(jobs: Awaited<ReturnType<typeof watchJobs>>): Promise<Verdict> {
  const settled = await jobs.settled();
  const v = await jobs.verdict();
  const top = v.byTask
    .slice(0, 12)
    .map((t) => `${t.task} ${t.runs}`)
    .join(', ');
  return {
    ok:
      settled &&
      v.twice === 0 &&
      v.retried === 0 &&
      v.cronTwice === 0 &&
      v.unfinished === 0 &&
      v.failed === 0,
    lines: [
      `jobs: ${v.runs} runs taken by the two workers; ${v.twice} taken twice, ${v.cronTwice} cron ticks run twice, ${v.retried} retried, ${v.failed} failing, ${v.unfinished} not finished${settled ? '' : ' (the queue did not settle)'}${v.error ? `; last error: ${v.error.slice(0, 200)}` : ''}`,
      `      by task: ${top}`,
    ],
  };
}

/** Every webhook delivery of the load's endpoints succeeded at its first attempt, and arrived once. */
export async function checkWebhooks(
  cluster: Cluster,
  endpoints: string[],
  receiver: Awaited<ReturnType<typeof webhookReceiver>>,
): Promise<Verdict> {
  const read = () =>
    cluster.database.pool.query<{ id: string; status: string; attempts: number }>(
      `select d.id, d.status, (select count(*)::int from webhook_attempts a where a.delivery_id = d.id) as attempts
         from webhook_deliveries d where d.endpoint_id = any($1::uuid[])`,
      [endpoints],
    );
  let { rows } = await read();
  for (let i = 0; i < 100 && rows.some((r) => r.status === 'pending'); i++) {
    await sleep(200);
    ({ rows } = await read());
  }
  const notSucceeded = rows.filter((r) => r.status !== 'succeeded').length;
  const retried = rows.filter((r) => r.attempts !== 1).length;
  const twice = [...receiver.received.values()].filter((n) => n > 1).length;
  const unknown = [...receiver.received.keys()].filter((id) => !rows.some((r) => r.id === id));
  const notReceived = rows.filter((r) => !receiver.received.has(r.id)).length;
  return {
    ok: notSucceeded === 0 && retried === 0 && twice === 0 && notReceived === 0,
    lines: [
      `webhooks: ${rows.length} deliveries to the three partners' endpoints, ${receiver.received.size} received; ${twice} received twice, ${notReceived} not received, ${notSucceeded} not succeeded, ${retried} needing more than one attempt${unknown.length ? `, ${unknown.length} not the load's` : ''}`,
    ],
  };
}

/** What each area's work left: reset emails, scanned photos, claims and offers, breach alerts. */
export async function checkAreas(
  context: LoadContext,
  operator: { floods: number; breaches: string[]; cafe: string; monitoredItem: string },
): Promise<Verdict> {
  const { pool } = context.cluster.database;
  const one = async (query: string, values: unknown[]) =>
    (await pool.query<{ n: number; m: number }>(query, values)).rows[0]!;
  const { counts, startedAt } = context;
  const emails = await one(
    `select count(*)::int as n, count(distinct text)::int as m from outbox_messages
      where template = 'password-reset' and created_at >= $1`,
    [startedAt],
  );
  const photos = await one(
    `select count(*)::int as n, count(*) filter (where d.state = 'clean')::int as m
       from lost_bag_attachments a join documents d on d.id = a.document_id
      where a.bag_id = any($1::uuid[])`,
    [counts.uploads],
  );
  const claims = await one(
    `select count(*)::int as n, 0 as m from item_alerts where item_id = $1 and alert_date >= $2`,
    [operator.cafe, startedAt],
  );
  const offers = await one(
    `select count(*) filter (where status <> 'prediction')::int as n, count(*)::int as m
       from item_alerts where id = any($1::uuid[])`,
    [counts.predictions],
  );
  const alerts = await one(
    `select count(*)::int as n, count(distinct breach_name)::int as m from monitoring_alerts
      where item_id = $1 and breach_name = any($2::text[])`,
    [operator.monitoredItem, operator.breaches],
  );
  const ok =
    emails.n === counts.resets &&
    emails.m === counts.resets &&
    photos.n === counts.uploads.length &&
    photos.m === photos.n &&
    claims.n === operator.floods &&
    offers.n === offers.m &&
    alerts.n === operator.breaches.length &&
    alerts.m === alerts.n &&
    counts.sessionChecks > 0;
  return {
    ok,
    lines: [
      `accounts: ${counts.resets} password resets asked, ${emails.n} reset emails delivered (${emails.m} distinct); ${counts.sessionChecks} sessions opened on one instance and used on the other (half then signed out there and refused on the first)`,
      `luggage: ${counts.uploads.length} bag photos uploaded, ${photos.n} stored, ${photos.m} scanned clean`,
      `claims: ${operator.floods} floods at the café, ${claims.n} claims opened; ${counts.predictions.length} revenue predictions submitted, ${offers.n} answered with an offer`,
      `monitoring: ${operator.breaches.length} breaches with the subscriber's email, ${alerts.n} alerts raised (${alerts.m} distinct)`,
    ],
  };
}
