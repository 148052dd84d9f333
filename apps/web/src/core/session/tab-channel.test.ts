import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTabChannel, type SharedSession, type TabChannel } from './tab-channel.ts';

// Real BroadcastChannels (Node's, the same API as the browser's): a message reaches every other
// channel of the same name, never the one that sent it, and arrives after the current task.

const customer: SharedSession = {
  session: { token: 'tok-customer', userId: 'u-customer', startedAt: 1_000, agentId: 'u-agent' },
  agentSession: { token: 'tok-agent', userId: 'u-agent', startedAt: 500 },
};
const agentOwn: SharedSession = {
  session: { token: 'tok-agent', userId: 'u-agent', startedAt: 500 },
};
const other: SharedSession = {
  session: { token: 'tok-other', userId: 'u-other', startedAt: 2_000 },
};

let name = '';
const opened: TabChannel[] = [];
const raw: BroadcastChannel[] = [];

/** A tab of the portal: what it holds, in memory, and its channel. */
const openTab = (held?: SharedSession, waitMs = 300) => {
  let current = held;
  const tab = {
    get held() {
      return current;
    },
    current: () => current,
    adopt: (shared: SharedSession) => {
      current = shared;
    },
    drop: () => {
      current = undefined;
    },
  };
  const channel = createTabChannel(new BroadcastChannel(name), tab, { waitMs });
  opened.push(channel);
  return { tab, channel };
};

/** Lets the channels deliver what was posted: for what must not happen, nothing to poll for. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 30));

let run = 0;
afterEach(() => {
  opened.splice(0).forEach((channel) => channel.close());
  raw.splice(0).forEach((channel) => channel.close());
});
const fresh = () => {
  run += 1;
  name = `tern.session.test-${run}`;
};

describe('tabs sharing a session', () => {
  it('gives a new tab the session of an open one: token, login time and the agent’s own session', async () => {
    fresh();
    openTab(customer);
    const { tab, channel } = openTab();
    await expect(channel.ask()).resolves.toEqual(customer);
    expect(tab.held).toEqual(customer);
  });

  it('leaves a new tab signed out when no other tab is open, or none is signed in', async () => {
    fresh();
    const alone = openTab(undefined, 100);
    await expect(alone.channel.ask()).resolves.toBeUndefined();
    expect(alone.tab.held).toBeUndefined();

    fresh();
    openTab();
    const beside = openTab(undefined, 100);
    const started = Date.now();
    await expect(beside.channel.ask()).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(beside.tab.held).toBeUndefined();
  });

  it('takes the first answer when several tabs are signed in', async () => {
    fresh();
    openTab();
    openTab(customer);
    openTab(customer);
    const { tab, channel } = openTab();
    await expect(channel.ask()).resolves.toEqual(customer);
    expect(tab.held).toEqual(customer);
  });

  it('keeps a session this tab signed in with while it waited', async () => {
    fresh();
    const open = openTab(customer);
    const { tab, channel } = openTab();
    const asked = channel.ask();
    tab.adopt(other);
    await expect(asked).resolves.toBeUndefined();
    expect(tab.held).toEqual(other);
    expect(open.tab.held).toEqual(customer);
  });

  it('signs out every tab holding a session that ended in one, and no other', async () => {
    fresh();
    const first = openTab(customer);
    const second = openTab(customer);
    const elsewhere = openTab(other);
    const signedOut = openTab();
    first.tab.drop();
    first.channel.announceEnd(['tok-customer', 'tok-agent']);
    await vi.waitFor(() => expect(second.tab.held).toBeUndefined());
    expect(elsewhere.tab.held).toEqual(other);
    expect(signedOut.tab.held).toBeUndefined();
  });

  it('moves the tabs acting for a customer back to the agent’s own session when one stops acting', async () => {
    fresh();
    const stopped = openTab(agentOwn);
    const acting = openTab(customer);
    const ownTab = openTab(agentOwn);
    stopped.channel.announceEnd(['tok-customer'], agentOwn);
    await vi.waitFor(() => expect(acting.tab.held).toEqual(agentOwn));
    expect(ownTab.tab.held).toEqual(agentOwn);
  });

  it('keeps acting without a way back when only the agent’s own session ended', async () => {
    fresh();
    const ended = openTab(agentOwn);
    const acting = openTab(customer);
    ended.channel.announceEnd(['tok-agent']);
    await vi.waitFor(() => expect(acting.tab.held).toEqual({ session: customer.session }));
  });

  it('ignores what is not one of its messages', async () => {
    fresh();
    const held = openTab(customer);
    const stranger = new BroadcastChannel(name);
    raw.push(stranger);
    // Another script on the origin, or another build: shapes the tabs do not take.
    stranger.postMessage({ type: 'ended', tokens: 'tok-customer' });
    stranger.postMessage({ type: 'ended', tokens: ['tok-customer'], next: { session: {} } });
    stranger.postMessage('ended');
    await delivered();
    expect(held.tab.held).toEqual(customer);

    held.tab.drop();
    const asking = openTab(undefined, 150);
    const asked = asking.channel.ask();
    stranger.postMessage({ type: 'answer', shared: { session: { token: '' } } });
    stranger.postMessage({ type: 'answer', shared: { session: { token: 't', userId: 7 } } });
    await expect(asked).resolves.toBeUndefined();
    expect(asking.tab.held).toBeUndefined();

    // The same channel's well-formed answer is taken.
    const again = asking.channel.ask();
    stranger.postMessage({ type: 'answer', shared: other });
    await expect(again).resolves.toEqual(other);
  });
});
