import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { fakeApi, ids } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { themeConfigFixture } from '../../test/theme-config-fixture.ts';

const productTitles = () =>
  within(screen.getByRole('region', { name: 'What your cover includes' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the landing page', () => {
  it("greets with the partner's name, logo and travel cover by default", async () => {
    await renderApp({ themeConfig: themeConfigFixture({ name: 'Skyway Travel' }) });
    const landing = await screen.findByTestId('landing');
    expect(within(landing).getByText('Welcome to Skyway Travel')).toBeInTheDocument();
    expect(landing.querySelector('img[src="/assets/themes/travel/logo.svg"]')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Skyway Travel home page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Travel cover');
    expect(productTitles()).toEqual(['Flight disruption help', 'Lost luggage', 'Fast payouts']);
  });

  it('speaks of business interruption to a parametric partner', async () => {
    await renderApp({ themeConfig: themeConfigFixture({ config: { parametric: true } }) });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Business interruption cover',
    );
    expect(productTitles()).toEqual(['Business interruption claims', 'Fast payouts']);
  });

  it('speaks of identity monitoring to a monitoring partner', async () => {
    await renderApp({ themeConfig: themeConfigFixture({ config: { owl: true } }) });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Identity monitoring',
    );
    expect(productTitles()).toEqual(['Personal data monitoring']);
  });

  it('offers the sign-in card beside the headline', async () => {
    await renderApp();
    const landing = await screen.findByTestId('landing');
    const card = await within(landing).findByRole('region', { name: 'Sign in' });
    expect(within(card).getByRole('textbox', { name: 'Email address' })).toBeInTheDocument();
    expect(within(card).getByLabelText(/^Password/)).toBeInTheDocument();
  });

  it('offers a signed-in visitor the way to the dashboard instead', async () => {
    sessionStore.start({ token: 'tok', userId: ids.user });
    await renderApp({ route: fakeApi() });
    const card = await screen.findByRole('region', { name: 'Welcome back' });
    expect(screen.queryByText('Sign in')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(card).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
