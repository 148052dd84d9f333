import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../core/session/session-store.ts';
import { fakeApi, ids } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const signIn = () => sessionStore.start({ token: 'tok', userId: ids.user });
const mainNav = () => screen.getAllByRole('navigation', { name: 'Main' });

describe('the page frame', () => {
  it("signed out: the partner's logo, the language choice and the footer's help and legal links, no navigation", async () => {
    await renderApp({ route: fakeApi() });
    await screen.findByTestId('landing');
    const header = screen.getByRole('banner');
    expect(
      within(header).getByRole('link', { name: 'Skyway Travel home page' }),
    ).toBeInTheDocument();
    expect(within(header).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/help', '/help/terms', '/help/privacy', '/key-facts', '/help/contact']);
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Skyway Travel`);
    await waitFor(() => expect(document.title).toBe('Skyway Travel'));
  });

  it("signed in: navigation to the dashboard, the offered areas' pages and help, the current page marked, and the user menu", async () => {
    signIn();
    const { user } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    const [wide] = await waitFor(mainNav);
    const links = within(wide!).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/dashboard'],
      ['My details', '/my-details'],
      ['My policies', '/policies'],
      ['My insurances', '/insurances'],
      ['Passengers', '/passengers'],
      ['Payout methods', '/payout-methods'],
      ['Payments', '/payments'],
      ['Lost luggage', '/luggage'],
      ['Help centre', '/help'],
    ]);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Uma User' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Skyway Travel'));

    await user.click(links.at(-1)!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Help centre · Skyway Travel'));
  });

  // jsdom applies no media queries: which of the two a screen width shows is the journeys'.
  it('also opens the navigation as a drawer from the menu button', async () => {
    signIn();
    const { user } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await user.click(await screen.findByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Skyway Travel' });
    const nav = within(drawer).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveClass('Mui-selected');
    await user.click(within(nav).getByRole('link', { name: 'Help centre' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("gives a new page's content the focus when the old page took it away, and leaves a header link's focus", async () => {
    signIn();
    const { user } = await renderApp({ path: '/dashboard', route: fakeApi() });
    await screen.findByRole('heading', { level: 1, name: 'Hello, Uma' });
    const [wide] = await waitFor(mainNav);
    const help = within(wide!).getByRole('link', { name: 'Help centre' });
    await user.click(help);
    await screen.findByRole('heading', { level: 1, name: 'Help centre' });
    expect(help).toHaveFocus();

    const main = screen.getByRole('main');
    const inPage = within(main).getAllByRole('link')[0]!;
    await user.click(inPage);
    await waitFor(() => expect(inPage).not.toBeInTheDocument());
    await waitFor(() => expect(main).toHaveFocus());
  });
});
