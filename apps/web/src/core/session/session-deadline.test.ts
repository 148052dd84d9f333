import { SESSION_TIMEOUT_MS } from '@tern/domain/constants';
import { describe, expect, it } from 'vitest';
import { sessionDeadline } from './session-deadline.ts';

const at = Date.UTC(2026, 4, 1, 12);

describe('sessionDeadline (spec 1 §9 "Session timeout")', () => {
  it('is 60 minutes from login', () => {
    expect(sessionDeadline({ token: 't', startedAt: at })).toBe(at + SESSION_TIMEOUT_MS);
  });

  it("falls back to the token's expiry when the login time is unknown", () => {
    expect(sessionDeadline({ token: 't', expiresAt: new Date(at).toISOString() })).toBe(at);
  });

  it("counts from login on this browser's clock, whatever the server's expiry says, and is nothing when neither is known", () => {
    // The server's clock an hour ahead of this browser's: the session still has its hour here.
    const expiresAt = new Date(at + 10 * 60_000).toISOString();
    expect(sessionDeadline({ token: 't', startedAt: at, expiresAt })).toBe(at + SESSION_TIMEOUT_MS);
    expect(sessionDeadline({ token: 't', startedAt: at, expiresAt: 'not a date' })).toBe(
      at + SESSION_TIMEOUT_MS,
    );
    expect(sessionDeadline({ token: 't' })).toBeUndefined();
  });
});
