import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allContracts, API_ROOT, fillPath, isPartnerFacing } from '@tern/domain';
import { useTestApp } from '../../test/app.ts';
import { PARTNER_DOCUMENT_URL } from '../plugins/openapi.ts';
import { partnerClientFiles, renderPartnerClient } from './partner-client.ts';

const RUN = 'run `npm run partner-client:generate`';

describe('the partner client (packages/partner-client)', () => {
  const t = useTestApp({ seed: false });

  it(`has the types and document the contracts give (${RUN} after a change)`, async () => {
    const files = await renderPartnerClient(t.app);
    expect(readFileSync(partnerClientFiles.schema, 'utf8'), `src/schema.d.ts: ${RUN}`).toBe(
      files.schema,
    );
    expect(readFileSync(partnerClientFiles.document, 'utf8'), `openapi.json: ${RUN}`).toBe(
      files.document,
    );
  });

  it('documents exactly the partner-facing contracts: partner access, or marked for partners', async () => {
    const res = await t.app.inject({ url: PARTNER_DOCUMENT_URL });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { schemas: Record<string, unknown> };
    }>();
    const documented = Object.values(doc.paths).flatMap((item) =>
      Object.values(item).map((operation) => operation.operationId),
    );
    const partnerFacing = allContracts.filter(isPartnerFacing);
    expect(documented.sort()).toEqual(partnerFacing.map((c) => c.id).sort());
    expect(documented).toContain('accounts.sso'); // by its audience mark
    expect(documented).toContain('payouts.send'); // by its access
    expect(documented).not.toContain('accounts.login'); // a customer's call
    for (const contract of partnerFacing)
      expect(doc.paths[API_ROOT + fillPath(contract.path, (n) => `{${n}}`)]).toHaveProperty(
        contract.method.toLowerCase(),
      );
    // Only the schemas its calls use: the error body, not the portal's translation files.
    expect(doc.components.schemas).toHaveProperty('ApiError');
    expect(doc.components.schemas).not.toHaveProperty('TranslationFile');
    for (const ref of JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"#/]+)/g))
      expect(doc.components.schemas, ref[1]).toHaveProperty(ref[1]!);
  });
});
