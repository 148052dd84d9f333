import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { claimsContracts } from '@tern/domain/claims/contracts';
import type { ClaimDocument, ItemAlert } from '@tern/domain/claims/schemas';
import { API_ROOT, FILE_MAX_BYTES } from '@tern/domain/constants';
import { urlFor } from '@tern/domain/contract';
import { documentsContracts } from '@tern/domain/documents/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, ids, requestsTo, type FakeRoutes } from '../../../../test/fake-api.ts';
import ClaimActionDialog from '../claim-action-dialog.tsx';
import { axeViolations } from '../testing/axe-violations.ts';
import { claimIds, claimOf, datasetOf, monthsOf } from '../testing/claim-of.ts';
import { renderClaim } from '../testing/render-claim.tsx';

const offered = () =>
  claimOf({
    status: 'USER-CONFIRM-OFFER',
    datasets: [
      datasetOf({ completed: true, data: monthsOf([1, 2, 3, 4, 5, 6].map(() => 1_500_000)) }),
      datasetOf({
        datasetId: claimIds.offer,
        name: 'CUSTOMER-OFFER',
        completed: true,
        data: monthsOf([1, 2, 3, 4, 5, 6].map(() => 1_200_000)).map((row) => ({
          ...row,
          previous: 1_500_000,
          reason: 'above_history' as const,
          expected: 1_200_000,
        })),
      }),
    ],
  });

const pdf = (name: string, size = 2048) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

/**
 * The API's side of a disagreement's files: a stream URL per file, the PUT of its bytes (415
 * for the names in `refuse`, held until `release` for those in `hold`), the attachment kept on
 * the claim (scanning), and the dispute, after which the scans are done (clean).
 */
function disputeApi({
  refuse = [],
  hold,
}: { refuse?: string[]; hold?: { name: string; until: Promise<void> } } = {}) {
  let claim: ItemAlert = offered();
  const names = new Map<string, string>();
  const routes: FakeRoutes = {
    'documents.streamUrl': ({ query }) => {
      const documentId = crypto.randomUUID();
      names.set(documentId, query.documentName);
      const signature = 'x'.repeat(43);
      return {
        documentId,
        url: urlFor(
          API_ROOT,
          documentsContracts.upload,
          { documentId },
          { user: ids.user, expires: '4102444800', signature },
        ),
      };
    },
    'documents.upload': async ({ params, init }) => {
      const name = names.get(params.documentId) ?? '';
      if (hold?.name === name) await hold.until;
      if (refuse.includes(name)) return apiError('UNSUPPORTED_MEDIA_TYPE');
      return {
        documentId: params.documentId,
        name,
        size: (init.body as Blob).size,
        state: 'scanning',
      };
    },
    'claims.attach': ({ query, body }) => {
      const document: ClaimDocument = { ...body, name: query.name, size: 2048, state: 'scanning' };
      claim = { ...claim, documents: [...claim.documents, document] };
      return document;
    },
    'claims.addDataset': () => {
      claim = {
        ...claim,
        status: 'USER-CONFIRM-DISPUTE',
        documents: claim.documents.map((d) => ({ ...d, state: 'clean' })),
      };
      return claim;
    },
  };
  return { routes, claim: () => claim, documentIds: () => [...names.keys()] };
}

async function openForm(api = disputeApi()) {
  const onClose = vi.fn();
  const rendered = await renderClaim(
    (claim) => <ClaimActionDialog claim={claim} action="review-offer" onClose={onClose} />,
    api,
  );
  const { user } = rendered;
  await user.click(
    within(await screen.findByRole('dialog', { name: /Your offer/ })).getByRole('button', {
      name: 'I disagree',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: /Disagree with the offer/ });
  // The form as it is now: it is made again when the customer comes back to it.
  const period = (month: string) =>
    within(screen.getByRole('dialog', { name: /Disagree with the offer/ })).getByRole('group', {
      name: month,
    });
  const choose = (month: string) =>
    user.click(within(period(month)).getByRole('checkbox', { name: `I disagree with ${month}` }));
  const files = (month: string) =>
    within(period(month)).getByLabelText(`Files for ${month}`, { selector: 'input' });
  return { ...rendered, dialog, period, choose, files, onClose };
}

describe('the disagreement form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('wants a note or a file for at least one period, notes only once a period is chosen', async () => {
    const { user, dialog, period, choose, fetch } = await openForm();
    const notes = within(period('March 2026')).getByRole('textbox', {
      name: 'Why do you disagree?',
    });
    expect(notes).toBeDisabled();
    expect(within(period('March 2026')).getByRole('button', { name: 'Add files' })).toBeDisabled();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Add a note or a file to at least one month.',
    );

    // A period chosen with nothing said about it is not enough either.
    await choose('March 2026');
    expect(notes).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Add a note or a file to at least one month.',
    );
    expect(requestsTo(fetch, claimsContracts.addDataset)).toHaveLength(0);

    await user.type(notes, 'We had a wedding booked.');
    expect(within(period('March 2026')).getByText('24 / 1000 characters')).toBeVisible();
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('refuses a file over 25 MB, naming it, on the form and in a notice', async () => {
    const { user, period, choose, files } = await openForm();
    await choose('April 2026');
    await user.upload(files('April 2026'), [
      pdf('accounts.pdf'),
      pdf('big.pdf', FILE_MAX_BYTES + 1),
    ]);
    const april = period('April 2026');
    expect(within(april).getByText('accounts.pdf (0.1 MB)')).toBeVisible();
    expect(within(april).queryByText(/^big\.pdf/)).toBeNull();
    const problems = within(april).getByRole('alert');
    expect(problems).toHaveTextContent('Each file can be at most 25 MB.');
    expect(problems).toHaveTextContent('“big.pdf” is larger than 25 MB and was not added.');
    const notice = await screen.findByText('“big.pdf” is larger than 25 MB and was not added.', {
      selector: '.MuiAlert-message, .MuiAlert-message *',
    });
    expect(notice.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
  });

  it('takes five files a period and refuses the sixth, naming it; a file removed gives the focus to Add files', async () => {
    const { user, period, choose, files } = await openForm();
    await choose('May 2026');
    await user.upload(
      files('May 2026'),
      [1, 2, 3, 4, 5, 6].map((n) => pdf(`receipt-${n}.pdf`)),
    );
    const may = period('May 2026');
    expect(within(may).getAllByRole('listitem')).toHaveLength(5);
    expect(within(may).getByRole('alert')).toHaveTextContent(
      '“receipt-6.pdf” was not added: no more than 5 files per period.',
    );
    expect(within(may).getByRole('button', { name: 'Add files' })).toBeDisabled();

    await user.click(within(may).getByRole('button', { name: 'Remove receipt-2.pdf' }));
    expect(within(may).getAllByRole('listitem')).toHaveLength(4);
    expect(within(may).queryByRole('alert')).toBeNull();
    // Its remove button went with it: the focus is on Add files, enabled again, not lost.
    await waitFor(() =>
      expect(within(may).getByRole('button', { name: 'Add files' })).toHaveFocus(),
    );
  });

  it('refuses a file that is neither a PDF nor an image', async () => {
    const { period, choose, files } = await openForm();
    await choose('June 2026');
    // The file picker offers PDFs and images only; a file dropped in or picked as "all files" is not.
    fireEvent.change(files('June 2026'), {
      target: { files: [new File(['x'], 'notes.docx', { type: 'application/msword' })] },
    });
    expect(within(period('June 2026')).getByRole('alert')).toHaveTextContent(
      '“notes.docx” is not a PDF or an image and was not added.',
    );
  });
});

describe('sending the disagreement', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('uploads each file with its progress, attaches it, then sends the notes and files; a refused file is left out', async () => {
    let release = () => undefined as void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const api = disputeApi({ refuse: ['photo.pdf'], hold: { name: 'invoice.pdf', until } });
    const { user, dialog, period, choose, files, fetch } = await openForm(api);
    await choose('March 2026');
    await user.type(
      within(period('March 2026')).getByRole('textbox', { name: 'Why do you disagree?' }),
      'Bookings were cancelled.',
    );
    await choose('April 2026');
    await user.upload(files('April 2026'), [pdf('invoice.pdf'), pdf('photo.pdf')]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const sending = await screen.findByRole('dialog', { name: 'Sending your disagreement' });
    expect(await within(sending).findByText('Uploading… 50%')).toBeVisible();
    expect(within(sending).getByRole('progressbar', { name: 'Uploading… 50%' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    expect(within(sending).getByText('Waiting')).toBeVisible();
    expect(within(sending).queryByRole('button')).toBeNull();
    expect(await axeViolations()).toEqual([]);
    release();

    const sent = await screen.findByRole('dialog', { name: 'Disagreement sent' });
    const invoice = within(sent).getByText('invoice.pdf').parentElement!;
    const photo = within(sent).getByText('photo.pdf').parentElement!;
    // The scan ended as the claim came back (the page's live refresh).
    await waitFor(() => expect(invoice).toHaveTextContent('Received'));
    expect(photo).toHaveTextContent('Refused: not a PDF or an image');
    expect(await axeViolations()).toEqual([]);

    const uploads = requestsTo(fetch, documentsContracts.upload);
    expect(uploads).toHaveLength(2);
    for (const upload of uploads) {
      // The signed URL is the permission: neither the api-key nor the session goes with it.
      expect(Object.keys(upload.init.headers ?? {})).not.toContain('api-key');
      expect(upload.token).toBeUndefined();
    }
    const streamUrls = requestsTo(fetch, documentsContracts.streamUrl);
    expect(streamUrls.map((r) => [r.params.id, r.query.documentName])).toEqual([
      [ids.user, 'invoice.pdf'],
      [ids.user, 'photo.pdf'],
    ]);
    const [invoiceId] = api.documentIds();
    const attached = requestsTo(fetch, claimsContracts.attach);
    expect(attached.map((r) => [r.query.name, r.body])).toEqual([
      ['invoice.pdf', { year: 2026, month: 4, documentId: invoiceId }],
    ]);
    expect(requestsTo(fetch, claimsContracts.addDataset).map((r) => r.body)).toEqual([
      {
        name: 'USER-DISPUTE',
        access: 'USER',
        step: 'OFFER',
        data: [
          { year: 2026, month: 3, notes: 'Bookings were cancelled.', attachments: [] },
          {
            year: 2026,
            month: 4,
            notes: '',
            attachments: [{ documentId: invoiceId, name: 'invoice.pdf' }],
          },
        ],
      },
    ]);
  });

  it('after a failure, sends again without uploading or attaching a file twice', async () => {
    const api = disputeApi();
    let failures = 1;
    const addDataset = api.routes['claims.addDataset']!;
    api.routes['claims.addDataset'] = (request) =>
      failures-- > 0 ? apiError('INTERNAL_ERROR') : addDataset(request);
    const { user, dialog, choose, files, fetch } = await openForm(api);
    await choose('July 2026');
    await user.upload(files('July 2026'), pdf('ledger.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const sending = await screen.findByRole('dialog', { name: 'Sending your disagreement' });
    await user.click(await within(sending).findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('dialog', { name: 'Disagreement sent' })).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.addDataset)).toHaveLength(2);
    expect(requestsTo(fetch, documentsContracts.upload)).toHaveLength(1);
    expect(requestsTo(fetch, claimsContracts.attach)).toHaveLength(1);
  });

  it('sends nothing when every file of it was refused, and the form comes back without them', async () => {
    const api = disputeApi({ refuse: ['scan.pdf'] });
    const { user, dialog, period, choose, files, fetch } = await openForm(api);
    await choose('August 2026');
    await user.upload(files('August 2026'), pdf('scan.pdf'));
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const sending = await screen.findByRole('dialog', { name: 'Sending your disagreement' });
    expect(await within(sending).findByRole('alert')).toHaveTextContent(
      'Add a note or a file to at least one month.',
    );
    expect(within(sending).getByText('Refused: not a PDF or an image')).toBeVisible();
    expect(requestsTo(fetch, claimsContracts.addDataset)).toHaveLength(0);

    await user.click(within(sending).getByRole('button', { name: 'Back to the form' }));
    await screen.findByRole('dialog', { name: /Disagree with the offer/ });
    expect(within(period('August 2026')).queryByText(/scan\.pdf/)).toBeNull();
    expect(within(period('August 2026')).getByRole('checkbox')).toBeChecked();
  });
});
