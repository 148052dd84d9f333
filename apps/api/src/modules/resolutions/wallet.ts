import { crc32, deflateSync } from 'node:zlib';
import { PKPass, PassType } from 'passkit-generator';
import {
  API_ROOT,
  freeText,
  renderCodedText,
  resolutionsContracts,
  urlFor,
  type Branding,
  type LoungePass,
  type TranslationLanguage,
} from '@tern/domain';
import { readTexts } from '@tern/domain/i18n/catalogue';
import { localeOfLanguage } from '@tern/domain/i18n/languages';
import type { Config } from '../../config.ts';

/**
 * Lounge passes as Apple Wallet files (.pkpass): the pass page's QR, lounge, guest, flight and
 * expiry, signed with the Pass Type ID certificate of the configuration (WALLET_*). Without
 * one no pass offers a wallet file, as the spec asks ("where a signing certificate is
 * configured"). passkit-generator writes pass.json, the manifest and the PKCS #7 signature.
 */
export interface WalletPasses {
  /** The pass's `walletUrl`: the `walletPass` call of this pass. */
  urlOf: (passId: string) => string;
  /** The signed file of a pass, in its partner's name and colours. */
  fileOf: (pass: LoungePass, branding: Branding) => Buffer;
}

/** Wallet files with the configured certificate, or undefined where none is configured. */
export function walletPasses(config: Config): WalletPasses | undefined {
  const {
    WALLET_PASS_TYPE_ID: passTypeIdentifier,
    WALLET_TEAM_ID: teamIdentifier,
    WALLET_SIGNER_CERT: signerCert,
    WALLET_SIGNER_KEY: signerKey,
    WALLET_SIGNER_KEY_PASSPHRASE: signerKeyPassphrase,
    WALLET_WWDR_CERT: wwdr,
  } = config;
  // The configuration has them all or none (config.ts): one missing means none.
  if (!passTypeIdentifier || !teamIdentifier || !signerCert || !signerKey || !wwdr)
    return undefined;
  const certificates = {
    wwdr,
    signerCert,
    signerKey,
    ...(signerKeyPassphrase ? { signerKeyPassphrase } : {}),
  };
  const passes: WalletPasses = {
    urlOf: (passId) => urlFor(API_ROOT, resolutionsContracts.walletPass, { passId }),
    fileOf(pass, branding) {
      const { primary } = branding.palette;
      const foreground = readableOn(primary);
      const file = new PKPass(icons(primary), certificates, {
        formatVersion: 1,
        passTypeIdentifier,
        teamIdentifier,
        serialNumber: pass.passId,
        organizationName: branding.name,
        description: `${LABELS.lounge}: ${pass.location.name}`,
        backgroundColor: rgb(primary),
        foregroundColor: rgb(foreground),
        labelColor: rgb(foreground),
      });
      file.types.push(loungeFields(pass));
      file.setBarcodes({
        format: 'PKBarcodeFormatQR',
        message: pass.displayCode,
        messageEncoding: 'iso-8859-1',
        altText: pass.displayCode,
      });
      // Wallet shows the pass as expired after this, as the pass page says "valid until".
      file.setExpirationDate(new Date(pass.expirydate));
      for (const [language, labels] of translatedLabels)
        file.localize(language, {
          ...labels,
          [DIRECTIONS]: escape(localizedDirections(pass, language)),
        });
      return file.getAsBuffer();
    },
  };
  // One pass signed at boot: a key the configuration check can read but the signer cannot
  // (node-forge reads fewer key formats than Node) stops the start, not every download.
  try {
    passes.fileOf(TRIAL_PASS, TRIAL_BRANDING);
  } catch (error) {
    throw new Error(
      `WALLET_SIGNER_KEY and the certificates cannot sign a wallet pass: ${(error as Error).message}`,
    );
  }
  return passes;
}

const TRIAL_PASS: LoungePass = {
  passId: '00000000-0000-4000-8000-000000000000',
  resolutionId: '00000000-0000-4000-8000-000000000000',
  firstName: 'Trial',
  surname: 'Pass',
  displayCode: 'TRIAL',
  displayCodeUrl: '',
  expirydate: new Date(0).toISOString(),
  location: {
    loungeId: 'trial',
    terminal: null,
    name: 'Trial lounge',
    securityLocation: 'airside',
    businessHours: '00:00-23:59',
    directions: freeText('-'),
  },
  flightNumber: 'XX1',
  walletUrl: null,
};
const TRIAL_BRANDING = { name: 'Tern', palette: { primary: '#000000' } } as Branding;

/** The labels as pass.json writes them; each language's pass.strings translates them. */
const LABELS = {
  lounge: 'Lounge',
  guest: 'Guest',
  flight: 'Flight',
  code: 'Code',
  hours: 'Opening hours',
  directions: 'How to get there',
} as const;

/** A generic pass: the lounge first, the guest and flight, hours and directions on the back. */
function loungeFields(pass: LoungePass): PassType<'generic'> {
  const fields = new PassType('generic');
  fields.headerFields.push({ key: 'flight', label: LABELS.flight, value: pass.flightNumber });
  fields.primaryFields.push({ key: 'lounge', label: LABELS.lounge, value: pass.location.name });
  fields.secondaryFields.push({
    key: 'guest',
    label: LABELS.guest,
    value: `${pass.firstName} ${pass.surname}`,
  });
  fields.auxiliaryFields.push({ key: 'code', label: LABELS.code, value: pass.displayCode });
  fields.backFields.push(
    {
      key: 'hours',
      label: LABELS.hours,
      value: pass.location.businessHours.split(';').join(' · '),
    },
    // Its text in each language is the pass.strings' (`localizedDirections`).
    { key: 'directions', label: LABELS.directions, value: DIRECTIONS },
  );
  return fields;
}

/** The key the directions' value stands under in each language's pass.strings. */
const DIRECTIONS = 'Directions to the lounge';

/**
 * The portal's own texts for the labels, in the Wallet language of each portal language
 * (Mexican Spanish and simplified Chinese by their Apple names); Wallet picks the device's.
 */
const WALLET_LANGUAGES: Record<TranslationLanguage, string> = {
  en: 'en',
  es: 'es',
  mx: 'es-MX',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  tr: 'tr',
  zh: 'zh-Hans',
};

/** pass.strings quotes each text as written: its quotes and backslashes are escaped. */
const escape = (text: string) => text.replace(/["\\]/g, '\\$&');

const walletTexts = new Map(
  Object.entries(WALLET_LANGUAGES).map(([language, wallet]) => [
    wallet,
    { texts: readTexts(language as TranslationLanguage), locale: localeOfLanguage(language) },
  ]),
);

/** The lounge's directions in a Wallet language, from the portal's texts (issue 25 5.13). */
function localizedDirections(pass: LoungePass, wallet: string): string {
  const { texts, locale } = walletTexts.get(wallet)!;
  return renderCodedText(texts, pass.location.directions, locale) ?? '';
}

const translatedLabels = Object.entries(WALLET_LANGUAGES).map(([language, wallet]) => {
  const texts = readTexts(language as TranslationLanguage).resolutions as {
    pass: Record<string, string>;
    lounge: Record<string, string>;
  };
  const labels: Record<string, string> = {
    [LABELS.lounge]: texts.lounge.lounge!,
    [LABELS.guest]: texts.pass.guest!,
    [LABELS.flight]: texts.pass.flight!,
    [LABELS.code]: texts.pass.code!,
    [LABELS.hours]: texts.lounge.hours!,
    [LABELS.directions]: texts.lounge.directions!,
  };
  const escaped = Object.fromEntries(
    Object.entries(labels).map(([key, text]) => [key, escape(text)]),
  );
  return [wallet, escaped] as const;
});

type Rgb = readonly [number, number, number];

const channels = (hex: string): Rgb => [
  parseInt(hex.slice(1, 3), 16),
  parseInt(hex.slice(3, 5), 16),
  parseInt(hex.slice(5, 7), 16),
];

/** Wallet's colour notation: `rgb(31, 78, 121)`. */
const rgb = (hex: string) => `rgb(${channels(hex).join(', ')})`;

/** White on a dark colour, near-black on a light one (by relative luminance). */
function readableOn(hex: string): string {
  const [r, g, b] = channels(hex).map((c) =>
    c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.179 ? '#1a1a1a' : '#ffffff';
}

/**
 * Wallet refuses a pass without icon.png (the lock screen and notifications show it). No
 * partner has a PNG of its own yet: a square of its primary colour, at the three sizes.
 */
const icons = (hex: string): Record<string, Buffer> => ({
  'icon.png': solidPng(29, channels(hex)),
  'icon@2x.png': solidPng(58, channels(hex)),
  'icon@3x.png': solidPng(87, channels(hex)),
});

/** A PNG of one colour: 8-bit RGB rows (filter byte 0), deflated, in its three chunks. */
function solidPng(size: number, [r, g, b]: Rgb): Buffer {
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
