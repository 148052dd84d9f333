import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppServicesContext } from '../../core/app-services.ts';
import { sessionStore } from '../../core/session/session-store.ts';
import { createApiClient } from '../../lib/api-client.ts';
import { createHttpClient } from '../../lib/http.ts';
import { ids } from '../../test/fake-api.ts';
import { fakeFetch } from '../../test/fake-fetch.ts';
import { testRuntimeConfig } from '../../test/render-app.tsx';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { CostInfo } from './cost-info.tsx';
import { northbank } from './test/open-monitoring.ts';

const MINUTE = 60_000;

/** The panel alone, for a session ending in ten minutes. */
async function renderPanel() {
  sessionStore.start({
    token: 'tok',
    userId: ids.user,
    expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
  });
  const api = createApiClient(
    createHttpClient({
      ...testRuntimeConfig,
      getToken: () => 'tok',
      fetch: fakeFetch(() => undefined),
    }),
  );
  return renderWithProviders(
    <AppServicesContext value={{ runtime: testRuntimeConfig, api, themeConfig: northbank() }}>
      <CostInfo />
    </AppServicesContext>,
  );
}

describe('the cost-info panel', () => {
  afterEach(() => {
    vi.useRealTimers();
    sessionStore.clear();
  });

  it('closes when the session reaches the deadline that shows the session-timeout toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'What can identity theft cost?' }));
    expect(screen.getByRole('region', { name: 'The cost of identity theft' })).toBeVisible();

    await act(() => vi.advanceTimersByTimeAsync(9 * MINUTE));
    expect(screen.getByRole('region', { name: 'The cost of identity theft' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(MINUTE));
    // Closed at once; the panel leaves after its collapse.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.queryByRole('region', { name: 'The cost of identity theft' })).toBeNull();
    expect(screen.getByRole('button', { name: 'What can identity theft cost?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
