import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { API_ROOT } from '@tern/domain/constants';
import { pathFor, type Contract } from '@tern/domain/contract';
import { luggageContracts } from '@tern/domain/luggage/contracts';
import { checkBagTag, checkPir } from '@tern/domain/luggage/worldtracer';
import type { LostBag } from '@tern/domain/luggage/schemas';
import { lostBagRequestSchema } from '@tern/domain/luggage/requests';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../core/session/session-store.ts';
import {
  apiError,
  bagOf,
  fakeApi,
  flightOf,
  ids,
  requestsTo,
  tripOf,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { urlText } from '../../../test/fake-fetch.ts';
import { renderApp } from '../../../test/render-app.tsx';

const departed = tripOf({ flights: [flightOf({ departed: 1 })] });
const photo = () => new File(['jpeg bytes'], 'bag.jpg', { type: 'image/jpeg' });

/** The luggage page with no bags, the wizard opened on a trip whose flight has left. */
async function openWizard(routes: FakeRoutes = {}) {
  sessionStore.start({ token: 'tok', userId: ids.user });
  let bags: LostBag[] = [];
  const rendered = await renderApp({
    path: '/luggage',
    route: fakeApi({
      'travel.trips': () => [departed],
      'luggage.bags': () => bags,
      'luggage.reportBag': ({ body }) => bagOf({ ...body, status: 'REPORTED', events: [] }),
      'luggage.attach': ({ file }) =>
        bagOf({
          status: 'REPORTED',
          image: `${pathFor(luggageContracts.bag, { bagId: ids.bag })}/attachments/x`,
          attachments: [
            {
              attachmentId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
              name: file?.name ?? '',
              url: '/x',
              contentType: 'image/jpeg',
              state: 'scanning',
            },
          ],
        }),
      'luggage.updateBag': ({ body }) => {
        bags = [bagOf({ status: body.status ?? 'REPORTED' })];
        return bags[0]!;
      },
      ...routes,
    }),
  });
  const { user, i18n } = rendered;
  expect(await screen.findByText('You have not reported any luggage.')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Report a bag' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report a bag' });
  const text = (key: string) => i18n.t(key);
  return { ...rendered, dialog, text };
}

type Opened = Awaited<ReturnType<typeof openWizard>>;

async function fillFirstStep({ user, dialog }: Opened, pir = 'yqr ac 12345', tag = '0014123456') {
  await user.type(within(dialog).getByRole('textbox', { name: /File reference/ }), pir);
  await user.type(within(dialog).getByRole('textbox', { name: /Bag tag number/ }), tag);
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
}

async function fillSecondStep({ user, dialog }: Opened) {
  await user.click(within(dialog).getByRole('radio', { name: 'Blue' }));
  await user.click(within(dialog).getByRole('combobox', { name: /Type of bag/ }));
  await user.click(await screen.findByRole('option', { name: 'Soft suitcase, upright' }));
  await user.click(within(dialog).getByRole('button', { name: 'Next' }));
  await within(dialog).findByText(/Step 3 of 3/);
}

const fileInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Photo of your bag', { selector: 'input' });

describe('the report wizard', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
  });
  afterEach(() => vi.restoreAllMocks());

  it('offers only flights that have left, the only one chosen already', async () => {
    const { dialog } = await openWizard({
      'travel.trips': () => [
        departed,
        tripOf({
          tripId: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
          flights: [
            flightOf({
              flightId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
              flightNumber: 'AC99',
              embarkDate: '2099-01-01',
            }),
          ],
        }),
      ],
    });
    expect(within(dialog).getByRole('combobox', { name: /Flight/ })).toHaveTextContent(
      'AC856 · 1st December 2026 · YYZ → YQR',
    );
  });

  it('refuses a bad PIR and tag with the domain rules’ messages, the PIR taking the focus, then colour and type left out', async () => {
    const opened = await openWizard();
    const { dialog, text } = opened;
    await fillFirstStep(opened, 'YYZ12', '123');
    expect(await within(dialog).findByText(text(checkPir('YYZ12')!))).toBeVisible();
    expect(within(dialog).getByText(text(checkBagTag('123')!))).toBeVisible();
    expect(within(dialog).getByText(/Step 1 of 3/)).toBeVisible();

    const pir = within(dialog).getByRole('textbox', { name: /File reference/ });
    // The step's first field in error has the focus, its message read with it.
    expect(pir).toHaveFocus();
    await opened.user.clear(pir);
    await opened.user.type(pir, 'YQRAC12345');
    const tag = within(dialog).getByRole('textbox', { name: /Bag tag number/ });
    await opened.user.clear(tag);
    await opened.user.type(tag, '0014123456');
    await opened.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText(/Step 2 of 3/);
    await opened.user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findAllByText(text('validation.required'))).toHaveLength(2);
  });

  it('refuses an AirTag link off Apple’s host, a missing photo, a file of another type and one too large', async () => {
    const opened = await openWizard();
    const { dialog, user, text, fetch } = opened;
    await fillFirstStep(opened);
    await fillSecondStep(opened);
    const link = 'https://example.com/item';
    expect(lostBagRequestSchema.shape.airtagUrl.safeParse(link).success).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: /AirTag link/ }), link);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(text('validation.invalid_airtag_link'))).toBeVisible();

    await user.clear(within(dialog).getByRole('textbox', { name: /AirTag link/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Add a photo of your bag.')).toBeVisible();

    // A file picker that ignores `accept` (some Android ones do).
    fireEvent.change(fileInput(dialog), {
      target: { files: [new File(['%PDF'], 'receipt.pdf', { type: 'application/pdf' })] },
    });
    expect(
      await within(dialog).findByText('Choose a photo in JPEG, PNG, HEIC or WebP format.'),
    ).toBeVisible();
    const huge = photo();
    Object.defineProperty(huge, 'size', { value: 15 * 1024 * 1024 + 1 });
    fireEvent.change(fileInput(dialog), { target: { files: [huge] } });
    expect(
      await within(dialog).findByText('This photo is larger than 15 MB. Choose a smaller one.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(requestsTo(fetch, luggageContracts.reportBag)).toHaveLength(0);
  });

  it('reports, uploads the photo, then completes the report with BAG_REPORTED_LOST', async () => {
    const opened = await openWizard();
    const { dialog, user, fetch } = opened;
    await fillFirstStep(opened);
    await fillSecondStep(opened);
    await user.upload(fileInput(dialog), photo());
    expect(within(dialog).getByRole('img', { name: 'The photo you chose' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /AirTag link/ }),
      'https://found.apple.com/item?token=abc',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Your bag has been reported.')).toBeVisible();

    const [report] = requestsTo(fetch, luggageContracts.reportBag);
    expect(report!.body).toMatchObject({
      tripId: ids.trip,
      flightId: ids.flight,
      pir: 'YQRAC12345',
      tagNumber: '0014123456',
      colour: 'BU',
      type: '22',
      airtagUrl: 'https://found.apple.com/item?token=abc',
    });
    expect(report!.body.reportedOnLocal).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    const [upload] = requestsTo(fetch, luggageContracts.attach);
    expect(upload!.query.name).toBe('bag.jpg');
    expect(upload!.file?.name).toBe('bag.jpg');
    expect(requestsTo(fetch, luggageContracts.updateBag)[0]!.body).toEqual({
      status: 'BAG_REPORTED_LOST',
    });
    // In that order: the photo to the report made, the report completed once it has it.
    const order = fetch.mock.calls
      .map(
        ([input, init]) =>
          `${init?.method ?? 'GET'} ${new URL(urlText(input), 'http://x').pathname}`,
      )
      .filter((call) => !call.startsWith('GET'));
    const call = (contract: Contract, params: Record<string, string> = {}) =>
      `${contract.method} ${API_ROOT}${pathFor(contract, params)}`;
    expect(order).toEqual([
      call(luggageContracts.reportBag),
      call(luggageContracts.attach, { bagId: ids.bag }),
      call(luggageContracts.updateBag, { bagId: ids.bag }),
    ]);
    const list = await screen.findByRole('list', { name: 'Your bag reports' });
    expect(within(list).getByRole('heading', { name: 'Bag YQRAC12345' })).toBeVisible();
  });

  it('puts an API refusal on its field, back on its step, and sends again without reporting twice', async () => {
    let refuse = true;
    const opened = await openWizard({
      'luggage.updateBag': () =>
        refuse
          ? apiError('BAG_ALREADY_REPORTED', { field: 'tagNumber' })
          : bagOf({ status: 'BAG_REPORTED_LOST' }),
    });
    const { dialog, user, fetch } = opened;
    await fillFirstStep(opened);
    await fillSecondStep(opened);
    await user.upload(fileInput(dialog), photo());
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(dialog).findByText('You have already reported this bag for this flight.'),
    ).toBeVisible();
    expect(within(dialog).getByText(/Step 1 of 3/)).toBeVisible();

    refuse = false;
    const tag = within(dialog).getByRole('textbox', { name: /Bag tag number/ });
    await user.clear(tag);
    await user.type(tag, '0014999999');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Your bag has been reported.')).toBeVisible();
    await waitFor(() => expect(requestsTo(fetch, luggageContracts.updateBag)).toHaveLength(2));
    expect(requestsTo(fetch, luggageContracts.reportBag)).toHaveLength(1);
    expect(requestsTo(fetch, luggageContracts.attach)).toHaveLength(1);
    expect(requestsTo(fetch, luggageContracts.updateBag)[1]!.body).toMatchObject({
      status: 'BAG_REPORTED_LOST',
      tagNumber: '0014999999',
    });
  });

  it('shows the API’s refusal of the photo’s bytes on the photo', async () => {
    const opened = await openWizard({
      'luggage.attach': () => apiError('UNSUPPORTED_MEDIA_TYPE'),
    });
    await fillFirstStep(opened);
    await fillSecondStep(opened);
    await opened.user.upload(fileInput(opened.dialog), photo());
    await opened.user.click(within(opened.dialog).getByRole('button', { name: 'Send report' }));
    expect(
      await within(opened.dialog).findByText('Choose a photo in JPEG, PNG, HEIC or WebP format.'),
    ).toBeVisible();
    expect(requestsTo(opened.fetch, luggageContracts.updateBag)).toHaveLength(0);
  });
});
