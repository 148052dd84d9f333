import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api.ts';
import { renderApp } from '../test/render-app.tsx';

// The pages' chunk cannot be had (a release replaced it while the page was open).
vi.mock('./routed-app.tsx', () => ({
  get RoutedApp(): never {
    throw new Error('Failed to fetch dynamically imported module');
  },
}));

describe('the app root', () => {
  it("keeps the partner's frame with the way to reload when the pages' code cannot be downloaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp({ route: fakeApi() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skyway Travel home page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Something went wrong · Skyway Travel'));
  });
});
