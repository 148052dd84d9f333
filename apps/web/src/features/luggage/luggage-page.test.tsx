import { screen, waitFor, within } from '@testing-library/react';
import { LIVE_EVENTS } from '@tern/domain/live';
import { luggageContracts } from '@tern/domain/luggage/contracts';
import { BAG_STATUSES, type LostBag } from '@tern/domain/luggage/schemas';
import { MONTREAL_BAGGAGE_LIMIT_SDR } from '@tern/domain/luggage/rules';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import type { ResolutionOption, ResolutionOptions } from '@tern/domain/resolutions/schemas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accessProfileFor } from '@tern/domain/access';
import { sessionStore } from '../../core/session/session-store.ts';
import {
  apiError,
  bagOf,
  fakeApi,
  ids,
  payoutMethod,
  requestsTo,
  type FakeRoutes,
} from '../../test/fake-api.ts';
import { fakeEventStreams } from '../../test/fake-fetch.ts';
import { renderApp } from '../../test/render-app.tsx';

const photoId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const signed = 'https://files.example/bag.jpg?expires=1&sig=abc';
const other = (n: number) => `${'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbb'}${String(n).padStart(4, '0')}`;

/** The bag options of a lost bag: its header only, no cash yet. */
const bagOptions = (
  bag: LostBag,
  extra: Partial<NonNullable<ResolutionOptions['bag']>> = {},
): ResolutionOptions => ({
  resolutions: [],
  insured: {
    payoutCurrency: 'CAD',
    payouts: 'partner',
    disruptionOptions: { yesAllowed: true, noAllowed: true, callMeAllowed: false },
    passengers: [],
  },
  policy: { policyNumber: 'SKY-1001', policyCap: 0, policyCapUsed: 0, currency: 'CAD' },
  flight: null,
  alert: null,
  bag: {
    bagId: bag.bagId,
    pir: bag.pir,
    reportedOn: bag.reportedOnLocal,
    created: bag.created,
    status: bag.status,
    recommendation: null,
    liabilityLimitSdr: MONTREAL_BAGGAGE_LIMIT_SDR,
    nextStage: null,
    ...extra,
  },
  item: null,
  next: { resolution: null },
  evidence: [],
  trail: [],
});

/** A staged cash option of CA$50, not yet claimed. */
const cashOption = (id: string): ResolutionOption => ({
  id,
  type: 'CASH',
  state: {
    status: 'Initial',
    resolution: { resolutionId: id, flightId: null },
    booking: null,
    lounges: [],
    availableHotels: [],
    alternateFlights: [],
    confirmation: null,
    payment: null,
  },
  dependency: null,
  stage: {
    number: 1,
    afterHours: 12,
    description: { key: 'texts.bag.stage', params: { hours: 12 } },
  },
  prize: 5_000,
  points: null,
  currency: 'CAD',
  cap: null,
  capped: 0,
  manual: 0,
  chosenType: null,
  loungeId: null,
  payoutMethodId: null,
  firstName: null,
  surname: null,
  rejected: 0,
  callMe: 0,
  flightIds: [],
  alternateId: null,
  passes: [],
  created: '2026-12-02T04:31:00.000Z',
});

async function open(routes: FakeRoutes = {}) {
  sessionStore.start({ token: 'tok', userId: ids.user });
  const rendered = await renderApp({ path: '/luggage', route: fakeApi(routes) });
  return rendered;
}

describe('the luggage page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every status with its chip, the facts, the timeline and the photo through its redirect', async () => {
    const bags = BAG_STATUSES.map((status, n) =>
      bagOf({ bagId: other(n), status, pir: `YQRAC1234${n}` }),
    );
    bags[1] = bagOf({
      ...bags[1],
      airtag: { url: 'https://found.apple.com/item?t=1', expiresAt: '2099-01-01T00:00:00.000Z' },
      attachments: [
        {
          attachmentId: photoId,
          name: 'bag.jpg',
          url: '/x',
          contentType: 'image/jpeg',
          state: 'clean',
        },
      ],
      events: [
        ...bags[1]!.events,
        {
          status: 'BAG_LOCATED',
          at: '2026-12-02T09:00:00.000Z',
          source: 'tracing',
          station: 'YUL',
        },
      ],
    });
    const { fetch } = await open({
      'luggage.bags': () => bags,
      'luggage.attachment': () => ({ location: signed }),
      'resolutions.options': ({ query }) => bagOptions(bags.find((b) => b.bagId === query.bagId)!),
    });
    const list = await screen.findByRole('list', { name: 'Your bag reports' });
    const cards = within(list).getAllByRole('listitem', { name: /^Bag / });
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(bags.map((b) => `Bag ${b.pir}`));
    const chips = [
      'Report not finished',
      'Reported lost',
      'Located',
      'On its way to you',
      'Delivered',
      'Lost',
    ];
    cards.forEach((card, n) => expect(card).toHaveTextContent(chips[n]!));

    const card = cards[1]!;
    expect(card).toHaveTextContent('AC856 on 1st December 2026');
    expect(card).toHaveTextContent('1st December 2026 (2026-12-01 10:30 airport time)');
    expect(card).toHaveTextContent('Blue, Soft suitcase, upright');
    expect(within(card).getByRole('link', { name: 'Shared location' })).toHaveAttribute(
      'href',
      'https://found.apple.com/item?t=1',
    );
    const timeline = within(card).getByRole('list', { name: 'Tracing history' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '2026-12-02 09:00 UTCLocatedAirline tracing · YUL',
      '2026-12-01 16:31 UTCReported lostYour report · YQR',
      '2026-12-01 16:30 UTCReport not finishedYour report · YQR',
    ]);
    expect(
      await within(card).findByRole('img', { name: 'Photo of bag YQRAC12341' }),
    ).toHaveAttribute('src', signed);
    expect(within(card).getByRole('link', { name: 'Open photo' })).toHaveAttribute('href', signed);
    expect(requestsTo(fetch, luggageContracts.attachment)[0]!.params).toEqual({
      bagId: bags[1].bagId,
      attachmentId: photoId,
    });
    // No resolution before the report is complete (403 BAG_RESOLUTION_PENDING).
    const asked = () => requestsTo(fetch, resolutionsContracts.options).map((r) => r.query.bagId);
    await waitFor(() => expect(asked()).toHaveLength(5));
    expect(asked()).not.toContain(bags[0]!.bagId);
  });

  it('shows the lost bag’s header: PIR, report date, status, the recommendation with the Montreal limit, the next cash', async () => {
    const lost = bagOf({ status: 'BAG_LOST' });
    await open({
      'luggage.bags': () => [lost],
      'resolutions.options': () =>
        bagOptions(lost, {
          recommendation: 'resolutions:texts.bag.lost',
          nextStage: { at: '2026-12-03T16:31:00.000Z', amount: 10_000 },
        }),
    });
    const header = await screen.findByRole('article', { name: 'Lost bag YQRAC12345' });
    expect(header).toHaveTextContent('Reported on 2026-12-01 10:30 · Lost');
    expect(within(header).getByTestId('bag-recommendation')).toHaveTextContent(
      'Your bag has been declared lost. Claim its value from the airline with your PIR: under the Montreal Convention it is liable for up to 1,519 SDR per passenger.',
    );
    expect(header).toHaveTextContent('Next: CA$100.00 from 2026-12-03 16:31 UTC');
  });

  it('shows no recommendation while the bag is only reported lost', async () => {
    const bag = bagOf();
    await open({ 'luggage.bags': () => [bag], 'resolutions.options': () => bagOptions(bag) });
    const header = await screen.findByRole('article', { name: 'Lost bag YQRAC12345' });
    expect(header).toHaveTextContent('Reported on 2026-12-01 10:30 · Reported lost');
    expect(within(header).queryByTestId('bag-recommendation')).toBeNull();
  });

  it('claims a cash stage as flight cash is claimed, naming the bag', async () => {
    const bag = bagOf();
    const cashId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
    const cash = {
      ...bagOptions(bag),
      resolutions: [cashOption(cashId)],
      next: { resolution: 'CASH' },
    };
    const { user, fetch } = await open({
      'luggage.bags': () => [bag],
      'resolutions.options': () => cash,
      'resolutions.select': () => cash,
      'payouts.methods': () => [payoutMethod({ extras: { addressLine1: '1 King St' } })],
    });
    const card = await screen.findByRole('article', { name: 'Lost bag YQRAC12345' });
    await user.click(await within(card).findByRole('button', { name: 'Claim' }));
    const confirm = await screen.findByRole('dialog', { name: 'Claim CA$50.00' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(requestsTo(fetch, resolutionsContracts.select)).toHaveLength(1));
    expect(requestsTo(fetch, resolutionsContracts.select)[0]!.body).toMatchObject({
      category: 'luggage',
      bagId: ids.bag,
      resolutionId: cashId,
      payoutMethodId: ids.method,
    });
    expect(requestsTo(fetch, resolutionsContracts.options)[0]!.query).toEqual({
      category: 'luggage',
      bagId: ids.bag,
    });
  });

  it('withdraws a report after a yes', async () => {
    const { user, fetch } = await open({
      'luggage.bags': () => [bagOf()],
      'luggage.removeBag': () => [],
      'resolutions.options': () => bagOptions(bagOf()),
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw report' }));
    const sure = await screen.findByRole('dialog', {
      name: 'Withdraw the report for bag YQRAC12345?',
    });
    await user.click(within(sure).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText('The report has been withdrawn.')).toBeVisible();
    expect(requestsTo(fetch, luggageContracts.removeBag)[0]!.params.bagId).toBe(ids.bag);
    expect(await screen.findByText('You have not reported any luggage.')).toBeVisible();
  });

  it('keeps a report whose cash is claimed: the refusal is said, the bag stays', async () => {
    const { user } = await open({
      'luggage.bags': () => [bagOf()],
      'luggage.removeBag': () => apiError('BAG_RESOLUTION_PENDING'),
      'resolutions.options': () => bagOptions(bagOf()),
    });
    await user.click(await screen.findByRole('button', { name: 'Withdraw report' }));
    const sure = await screen.findByRole('dialog', { name: /Withdraw the report/ });
    await user.click(within(sure).getByRole('button', { name: 'Yes, withdraw' }));
    expect(
      await screen.findByText(/^A resolution for this bag is already in progress\./),
    ).toBeVisible();
    await user.click(within(sure).getByRole('button', { name: 'No, keep it' }));
    expect(await screen.findByRole('heading', { name: 'Bag YQRAC12345' })).toBeVisible();
  });

  it('follows tracing live: a change naming LUGGAGE moves the chip without a reload', async () => {
    const streams = fakeEventStreams();
    let bag = bagOf();
    await open({
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'luggage.bags': () => [bag],
      'resolutions.options': () => bagOptions(bag),
    });
    const card = await screen.findByRole('listitem', { name: 'Bag YQRAC12345' });
    await waitFor(() => expect(streams.open).toBe(1));
    bag = bagOf({ status: 'BAG_LOCATED' });
    streams.send(LIVE_EVENTS.change, { keys: ['LUGGAGE'] });
    expect(await within(card).findByText('Located')).toBeVisible();
  });

  it('keeps its report button when the first bag arrives, for the wizard to give the focus back to', async () => {
    const streams = fakeEventStreams();
    let bags: ReturnType<typeof bagOf>[] = [];
    await open({
      'accounts.events': ({ init }) => streams.respond(init.signal),
      'luggage.bags': () => bags,
      'resolutions.options': () => bagOptions(bagOf()),
    });
    const report = await screen.findByRole('button', { name: 'Report a bag' });
    await waitFor(() => expect(streams.open).toBe(1));
    bags = [bagOf()];
    streams.send(LIVE_EVENTS.change, { keys: ['LUGGAGE'] });
    await screen.findByRole('listitem', { name: 'Bag YQRAC12345' });
    // The same element, not one made anew in the list's place.
    expect(screen.getByRole('button', { name: 'Report a bag' })).toBe(report);
  });

  it('says when the list cannot be loaded, and loads it on Retry', async () => {
    let fail = true;
    const { user } = await open({
      'luggage.bags': () => (fail ? apiError('INTERNAL_ERROR') : []),
    });
    // A server failure is tried again twice (1 s, then 2 s) before it is shown.
    const retry = await screen.findByRole('button', { name: 'Try again' }, { timeout: 8_000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByText('You have not reported any luggage.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Report a bag' })).toBeVisible();
  });

  it('is closed to a profile without customer-travel-luggage', async () => {
    const profile = accessProfileFor(['USER']).filter(
      (e) => e.feature !== 'customer-travel-luggage',
    );
    await open({
      'accounts.access': () => ({
        accessProfile: profile,
        roles: ['USER'],
        accessGroup: { partnerId: 'travel' },
      }),
    });
    expect(
      await screen.findByText('Lost luggage reports are not available on your account.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Report a bag' })).toBeNull();
  });
});
