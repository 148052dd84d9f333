import { createHash, createPrivateKey } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import forge from 'node-forge';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  loungePassSchema,
  resolutionOptionsSchema,
  resolutionsContracts,
  travelContracts,
  tripSchema,
  type LoungePass,
} from '@tern/domain';
import { demoPartner, useTestApp, type TestContext } from '../../../test/app.ts';
import { callAs, expectApiError } from '../../../test/calls.ts';
import { signIn, type SignedIn } from '../../../test/sign-in.ts';
import { urlOf } from '../../../test/urls.ts';
import { walletCertificates, walletConfig } from '../../../test/wallet-certs.ts';
import { loadConfig } from '../../config.ts';
import { walletPasses } from './wallet.ts';

/**
 * Lounge passes as Apple Wallet files, through the API: offered where a signing certificate
 * is configured (a throwaway one here), not elsewhere. The travel demo partner offers a
 * lounge from 1 hour late; the clock stands at 2026-01-15.
 */

/** The files of a zip, by name (stored or deflated entries, read from the central directory). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'end of central directory').toBeGreaterThanOrEqual(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + skip;
  }
  return files;
}

/** A booked lounge for one guest on a delayed flight of `who`: their pass's id. */
async function bookedPassId(t: TestContext, who: SignedIn, embarkDate: string): Promise<string> {
  const call = callAs(t);
  const blink = await call(travelContracts.blinkIt, who, {
    body: { flights: [{ flightNumber: 'AC856', embarkDate, origin: 'YYZ' }], passengers: 1 },
  });
  expect(blink.statusCode, blink.body).toBe(201);
  const trip = tripSchema.parse(blink.json());
  const flightId = trip.flights[0]!.flightId;
  const alert = await call(travelContracts.alert, who, {
    params: { tripId: trip.tripId, flightId },
    body: { alertType: 'DELAY', delayDate: `${embarkDate} 11:05` },
  });
  expect(alert.statusCode, alert.body).toBe(201);
  const options = await call(resolutionsContracts.options, who, {
    query: { category: 'flights', tripId: trip.tripId, flightId },
  });
  const lounge = resolutionOptionsSchema
    .parse(options.json())
    .resolutions.find((r) => r.type === 'LOUNGE')!;
  const booked = await call(resolutionsContracts.select, who, {
    body: {
      resolutionId: lounge.id,
      loungeId: lounge.state.lounges[0]!.loungeId,
      firstName: 'Uma',
      surname: 'User',
      passengerIds: [trip.passengers[0]!.passengerId],
    },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const option = resolutionOptionsSchema
    .parse(booked.json())
    .resolutions.find((r) => r.id === lounge.id)!;
  return option.passes[0]!.passId;
}

describe('wallet passes, with a signing certificate', () => {
  const certs = walletCertificates();
  const t = useTestApp({ config: walletConfig(certs) });
  const call = callAs(t);
  let user: SignedIn;
  let other: SignedIn;
  let pass: LoungePass;
  beforeAll(async () => {
    user = await signIn(t, 'travel');
    other = await signIn(t, 'travel', 'employee');
    const passId = await bookedPassId(t, user, '2026-02-01');
    const res = await call(resolutionsContracts.pass, user, { params: { passId } });
    expect(res.statusCode, res.body).toBe(200);
    pass = loungePassSchema.parse(res.json());
  });

  it('names the wallet file on the pass', () => {
    expect(pass.walletUrl).toBe(urlOf(resolutionsContracts.walletPass, { passId: pass.passId }));
  });

  it('answers a signed .pkpass: the QR of the code, the guest, the lounge, the flight, the expiry', async () => {
    const res = await t.app.inject({ url: pass.walletUrl!, headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="lounge-pass-${pass.displayCode}.pkpass"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');

    const files = unzip(res.rawPayload);
    for (const name of ['pass.json', 'manifest.json', 'signature', 'icon.png'])
      expect(files.has(name), name).toBe(true);
    const passJson = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(passJson).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: walletConfig(certs).WALLET_PASS_TYPE_ID,
      teamIdentifier: walletConfig(certs).WALLET_TEAM_ID,
      serialNumber: pass.passId,
      organizationName: demoPartner('travel').name,
      barcodes: [
        expect.objectContaining({ format: 'PKBarcodeFormatQR', message: pass.displayCode }),
      ],
    });
    expect(new Date(passJson.expirationDate).getTime()).toBe(new Date(pass.expirydate).getTime());
    const fields = passJson.generic;
    expect(fields.primaryFields[0]).toMatchObject({ value: pass.location.name });
    expect(fields.secondaryFields[0]).toMatchObject({
      label: 'Guest',
      value: `${pass.firstName} ${pass.surname}`,
    });
    expect(pass.firstName).not.toBe('');
    expect(fields.headerFields[0]).toMatchObject({ value: pass.flightNumber });
    expect(fields.backFields.map((f: { key: string }) => f.key)).toEqual(['hours', 'directions']);
    // Labels in the portal's languages, which Wallet picks by the device's.
    expect(files.get('fr.lproj/pass.strings')?.toString('utf8')).toContain('"Guest" = "Invité"');
    // The lounge's directions too, from the provider's key and values (issue 25 item 5.13).
    const directions = fields.backFields[1].value as string;
    for (const [language, words] of [
      ['fr', /sûreté/],
      ['de', /Sicherheitskontrolle/],
      ['zh-Hans', /安检/],
    ] as const)
      expect(files.get(`${language}.lproj/pass.strings`)?.toString('utf8')).toMatch(
        new RegExp(`"${directions}" = "[^"]*${words.source}`),
      );

    // The manifest hashes every other file, and the signature is the signer's over it.
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8'));
    for (const [name, data] of files)
      if (name !== 'manifest.json' && name !== 'signature')
        expect(manifest[name], name).toBe(createHash('sha1').update(data).digest('hex'));
    const signed = forge.pkcs7.messageFromAsn1(
      forge.asn1.fromDer(files.get('signature')!.toString('binary')),
    ) as forge.pkcs7.PkcsSignedData;
    const signer = forge.pki.certificateFromPem(certs.signerCert);
    expect(signed.certificates.map((c) => c.serialNumber)).toContain(signer.serialNumber);
  });

  it('answers another user’s pass as absent, as the pass itself', async () => {
    expectApiError(
      await call(resolutionsContracts.walletPass, other, { params: { passId: pass.passId } }),
      404,
      'BOOKING_NOT_FOUND',
    );
  });
});

describe('wallet passes, without a signing certificate', () => {
  const t = useTestApp();
  const call = callAs(t);

  it('offers none: no walletUrl on the pass, and the wallet call answers 404', async () => {
    const user = await signIn(t, 'travel');
    const passId = await bookedPassId(t, user, '2026-02-02');
    const res = await call(resolutionsContracts.pass, user, { params: { passId } });
    expect(res.statusCode, res.body).toBe(200);
    expect(loungePassSchema.parse(res.json()).walletUrl).toBeNull();
    expectApiError(
      await call(resolutionsContracts.walletPass, user, { params: { passId } }),
      404,
      'ROUTE_NOT_FOUND',
    );
  });
});

describe('wallet signing, checked at boot', () => {
  it('stops the start when the key opens in Node but cannot sign a pass', () => {
    const certs = walletCertificates();
    // The signer's own key, encrypted in a scheme Node reads and node-forge does not.
    const key = createPrivateKey(certs.signerKey).export({
      type: 'pkcs8',
      format: 'pem',
      cipher: 'aes-128-ecb',
      passphrase: certs.passphrase,
    }) as string;
    const config = loadConfig({
      ...walletConfig(certs),
      WALLET_SIGNER_KEY: key,
      WALLET_SIGNER_KEY_PASSPHRASE: certs.passphrase,
    });
    expect(() => walletPasses(config)).toThrow(/cannot sign a wallet pass/);
    // The same key in the clear signs.
    expect(walletPasses(loadConfig(walletConfig(certs)))).toBeDefined();
  });
});
