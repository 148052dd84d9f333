import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  accountsContracts,
  FORMATTED_INPUT_MAX,
  PARTNER_ID_MAX_LENGTH,
  SIGN_IN_TOKEN_MAX,
  TRIP_PASSENGERS_MAX,
  travelContracts,
} from '@tern/domain';
import { travelKey, useTestApp } from '../../test/app.ts';
import { callAs, expectApiError } from '../../test/calls.ts';
import { signIn } from '../../test/sign-in.ts';

/**
 * The maxima the OpenAPI documents state are the ones the API enforces: a value one past its
 * limit is refused with 400 on its field, before any service sees it; one at the limit is
 * not refused for its length.
 */
describe('request limits stated in OpenAPI', () => {
  const t = useTestApp();
  const call = callAs(t);
  const apiKeyOnly = { headers: travelKey };
  const login = (body: object) =>
    call(accountsContracts.login, apiKeyOnly, {
      body: { emailAddress: 'user@travel.example.com', password: 'x', ...body },
    });

  it('refuses a partner id one past its maximum, and takes one at it as an id to look up', async () => {
    const tooLong = await login({ partnerId: 'a'.repeat(PARTNER_ID_MAX_LENGTH + 1) });
    expectApiError(tooLong, 400, 'INVALID_PARAMS', 'partnerId');
    const atLimit = await login({ partnerId: 'a'.repeat(PARTNER_ID_MAX_LENGTH) });
    expectApiError(atLimit, 404, 'PARTNER_NOT_FOUND');
  });

  it('refuses a one-time code session past its maximum', async () => {
    const res = await call(accountsContracts.confirmCode, apiKeyOnly, {
      body: { sessionId: 's'.repeat(SIGN_IN_TOKEN_MAX + 1), code: '123456' },
    });
    expectApiError(res, 400, 'INVALID_PARAMS', 'sessionId');
  });

  it('refuses a flight number padded past the longest input a formatted field is read from', async () => {
    const user = await signIn(t, 'travel');
    const flight = { embarkDate: '2026-06-10', origin: 'YYZ' };
    const padded = await call(travelContracts.blinkIt, user, {
      body: {
        flights: [{ ...flight, flightNumber: `AC856${' '.repeat(FORMATTED_INPUT_MAX)}` }],
        passengers: 1,
      },
    });
    expectApiError(padded, 400, 'INVALID_PARAMS', 'flights.0.flightNumber');
  });

  it('refuses a trip naming more passengers than any party has', async () => {
    const user = await signIn(t, 'travel');
    const res = await call(travelContracts.blinkIt, user, {
      body: {
        flights: [{ flightNumber: 'AC856', embarkDate: '2026-06-10', origin: 'YYZ' }],
        passengers: Array.from({ length: TRIP_PASSENGERS_MAX + 1 }, () => randomUUID()),
      },
    });
    const error = expectApiError(res, 400, 'INVALID_PARAMS');
    expect(error.details?.map((detail) => detail.field)).toContain('passengers');
  });
});
