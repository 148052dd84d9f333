import { API_ROOT } from '@tern/domain/constants';
import { urlFor } from '@tern/domain/contract';
import { resolutionsContracts } from '@tern/domain/resolutions/contracts';
import type { LoungePass } from '@tern/domain/resolutions/schemas';

/** The lounge pass the pass page's tests open (online, offline, with or without a wallet file). */
export const passId = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const walletUrl = urlFor(API_ROOT, resolutionsContracts.walletPass, { passId });

export const loungePassOf = (overrides: Partial<LoungePass> = {}): LoungePass => ({
  passId,
  resolutionId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  firstName: 'Uma',
  surname: 'User',
  displayCode: 'LNG-4821',
  displayCodeUrl: 'data:image/png;base64,iVBORw0KGgo=',
  expirydate: '2026-12-01T20:00:00.000Z',
  location: {
    loungeId: 'yyz-maple',
    terminal: '1',
    name: 'Maple Leaf Lounge',
    securityLocation: 'airside',
    businessHours: '05:00-23:00',
    directions: {
      key: 'resolutions:texts.lounge.escalator',
      params: { level: 3, gate: 'B12' },
    },
  },
  flightNumber: 'AC856',
  walletUrl,
  ...overrides,
});
