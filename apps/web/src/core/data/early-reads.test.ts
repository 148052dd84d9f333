import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store.ts';
import { earlyReads } from './early-reads.ts';

const key = ['session', 'u-1', 'TRIPS'];
const session = (token: string) => ({ token, userId: 'u-1', expiresAt: '2099-01-01T00:00:00Z' });

afterEach(() => {
  earlyReads.clear();
  sessionStore.clear();
});

describe('reads started before React', () => {
  it('hands the read to the first fetch of its query, once', async () => {
    sessionStore.start(session('tok-1'));
    let reads = 0;
    earlyReads.start(key, async () => ++reads);
    await expect(earlyReads.take(key)).resolves.toBe(1);
    expect(earlyReads.take(key)).toBeUndefined();
    expect(reads).toBe(1);
  });

  it('gives a read started in one session to no later one', () => {
    sessionStore.start(session('tok-1'));
    earlyReads.start(key, async () => 'the first session’s trips');
    sessionStore.clear();
    sessionStore.start(session('tok-2'));
    expect(earlyReads.take(key)).toBeUndefined();
  });
});
