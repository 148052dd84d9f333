import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { lostBagSchema, luggageContracts } from '@tern/domain';
import { useTestApp } from '../../../test/app.ts';
import { pastFlight } from '../../../test/bags.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { travelRepo } from '../travel/index.ts';
import { bagFiles, type BagDocuments } from './bag-files.ts';
import { luggageRepo } from './repo.ts';

/**
 * The report image through the documents area's seam (`app.documents`), here a stand-in that
 * keeps what it was given: one document per report, its download a signed link of that area.
 */
describe('the files of a bag', () => {
  const t = useTestApp();
  let travel: SignedIn;
  let flight: Awaited<ReturnType<typeof pastFlight>>;
  const stored: { documentId: string; name: string; removed?: boolean }[] = [];
  const documents: BagDocuments = {
    store: async (_owner, _use, upload, name) => {
      const document = { documentId: randomUUID(), name: name ?? upload.filename };
      stored.push(document);
      return document;
    },
    attach: async () => undefined,
    find: async (_owner, ids) =>
      ids.map((documentId) => ({ documentId, contentType: 'image/jpeg', state: 'clean' as const })),
    remove: async (_owner, documentId) => {
      stored.find((d) => d.documentId === documentId)!.removed = true;
    },
    downloadUrl: async (_owner, documentId) => ({ location: `/signed/${documentId}` }),
  };
  const upload = () => ({
    filename: 'IMG_0001.jpg',
    mimetype: 'image/jpeg',
    stream: Readable.from([Buffer.from('jpeg')]),
  });
  let files: ReturnType<typeof bagFiles>;
  beforeAll(async () => {
    travel = await signIn(t, 'travel');
    flight = await pastFlight(t, travel.userId);
    files = bagFiles({
      repo: luggageRepo(t.database.db),
      travel: travelRepo(t.database.db),
      documents,
    });
  });
  const owner = () => ({ userId: travel.userId, partnerId: 'travel' });

  it('attaches one image under the name given, shows it with its state and link, refuses a second (409)', async () => {
    const res = await callAs(t)(luggageContracts.reportBag, travel, { body: flight.report() });
    const { bagId } = lostBagSchema.parse(res.json());
    const row = (await luggageRepo(t.database.db).findBag(owner(), bagId))!;
    await files.attachImage(owner(), row, upload(), 'My blue case');
    const bag = await files.view(owner(), row);
    expect(bag.attachments).toEqual([
      {
        attachmentId: expect.any(String),
        name: 'My blue case',
        url: bag.image,
        contentType: 'image/jpeg',
        state: 'clean',
      },
    ]);
    await expect(files.attachImage(owner(), row, upload(), 'again')).rejects.toMatchObject({
      code: 'DOCUMENT_ALREADY_ATTACHED',
    });
    expect(stored).toHaveLength(1);

    const attachmentId = bag.attachments[0]!.attachmentId;
    expect(await files.downloadUrl(owner(), row, attachmentId)).toEqual({
      location: `/signed/${stored[0]!.documentId}`,
    });
    await expect(files.downloadUrl(owner(), row, randomUUID())).rejects.toMatchObject({
      code: 'DOCUMENT_NOT_FOUND',
    });
    await files.removeAll(owner(), row);
    expect(stored[0]!.removed).toBe(true);
  });

  it("answers 404 BAG_NOT_FOUND for a file of another user's bag", async () => {
    const res = await callAs(t)(luggageContracts.reportBag, travel, {
      body: flight.report({ tagNumber: '0014300001' }),
    });
    const { bagId } = lostBagSchema.parse(res.json());
    const colleague = await signIn(t, 'travel', 'agent');
    expectApiError(
      await callAs(t)(luggageContracts.attachment, colleague, {
        params: { bagId, attachmentId: randomUUID() },
      }),
      404,
      'BAG_NOT_FOUND',
    );
  });
});
