import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { widgetContracts } from '@tern/domain/widget/contracts';
import { sessionStore } from '../../../core/session/session-store.ts';
import { axeViolations } from '../../../test/axe.ts';
import {
  apiError,
  fakeApi,
  ids,
  requestsTo,
  userDetails,
  type FakeRoutes,
} from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { screenWidth } from '../../../test/screen-width.ts';

const SHOP = 'https://shop.skyway.example';
const BLOG = 'https://blog.skyway.example';
const admin = userDetails({ id: ids.agent, firstName: 'Ada', surname: 'Admin', roles: ['ADMIN'] });
const agent = userDetails({
  id: ids.customer,
  firstName: 'Avery',
  surname: 'Agent',
  roles: ['AGENT'],
});

/** A partner whose list follows what the page sends. */
function originsWorld(start: string[] = [SHOP], overrides: FakeRoutes = {}) {
  let origins = start;
  return fakeApi(
    {
      'widget.origins': () => ({ origins }),
      'widget.setOrigins': ({ body }) => {
        origins = body.origins;
        return { origins };
      },
      ...overrides,
    },
    { users: { [ids.agent]: admin, [ids.customer]: agent } },
  );
}

const signIn = (userId: string) =>
  sessionStore.start({ token: 'staff-token', userId, startedAt: Date.now() - 1000 });

describe('the admin console: embedding page', () => {
  let width: { restore: () => void } | undefined;
  afterEach(() => width?.restore());

  it('leads an ADMIN from the navigation to the origins, saying the portal itself is never framed', async () => {
    signIn(ids.agent);
    const { user } = await renderApp({ path: '/dashboard', route: originsWorld() });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(await within(nav).findByRole('link', { name: 'Embedding' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Embedding' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Embedding · Skyway Travel'));
    expect(screen.getByText(/The full portal is never shown in a frame/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Embedding origins' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(SHOP);
    expect(await axeViolations()).toEqual([]);
  });

  it('adds an origin, refusing one that is not an exact origin before asking the API', async () => {
    signIn(ids.agent);
    const { user, fetch } = await renderApp({ path: '/admin/embedding', route: originsWorld() });
    const input = await screen.findByRole('textbox', { name: /Origin/ });
    await user.type(input, 'https://blog.skyway.example/page');
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/no path/));
    expect(requestsTo(fetch, widgetContracts.setOrigins)).toEqual([]);

    await user.clear(input);
    await user.type(input, BLOG);
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    expect(await screen.findByText(`${BLOG} may embed the widget.`)).toBeInTheDocument();
    expect(requestsTo(fetch, widgetContracts.setOrigins).map((r) => r.body)).toEqual([
      { origins: [SHOP, BLOG] },
    ]);
    expect(await screen.findByRole('row', { name: new RegExp(BLOG) })).toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it("shows the API's refusal of a plain http origin on the input", async () => {
    signIn(ids.agent);
    const { user } = await renderApp({
      path: '/admin/embedding',
      route: originsWorld([SHOP], {
        'widget.setOrigins': () => apiError('EMBEDDING_ORIGIN_INSECURE', { field: 'origins' }),
      }),
    });
    const input = await screen.findByRole('textbox', { name: /Origin/ });
    await user.type(input, 'http://blog.skyway.example');
    await user.click(screen.getByRole('button', { name: 'Add origin' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Use https addresses/));
  });

  it('removes an origin after a yes / no', async () => {
    signIn(ids.agent);
    const { user, fetch } = await renderApp({
      path: '/admin/embedding',
      route: originsWorld([SHOP, BLOG]),
    });
    await user.click(await screen.findByRole('button', { name: `Remove ${SHOP}` }));
    let dialog = await screen.findByRole('dialog', { name: `Remove ${SHOP}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetch, widgetContracts.setOrigins)).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Remove ${SHOP}` }));
    dialog = await screen.findByRole('dialog', { name: `Remove ${SHOP}?` });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(`${SHOP} can no longer embed the widget.`)).toBeInTheDocument();
    expect(requestsTo(fetch, widgetContracts.setOrigins).map((r) => r.body)).toEqual([
      { origins: [BLOG] },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(SHOP) })).not.toBeInTheDocument(),
    );
  });

  it('says when no site may embed the widget', async () => {
    signIn(ids.agent);
    await renderApp({ path: '/admin/embedding', route: originsWorld([]) });
    expect(
      await screen.findByText('No origins yet: no site can embed the widget.'),
    ).toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    signIn(ids.agent);
    let failing = true;
    const { user } = await renderApp({
      path: '/admin/embedding',
      route: originsWorld([SHOP], {
        'widget.origins': () => (failing ? apiError('INTERNAL_ERROR') : { origins: [SHOP] }),
      }),
    });
    const alert = await within(screen.getByRole('main')).findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this right now.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Embedding origins' })).toBeInTheDocument();
  });

  it('lists the origins instead of a table on a 360 px screen', async () => {
    width = screenWidth(360);
    signIn(ids.agent);
    await renderApp({ path: '/admin/embedding', route: originsWorld([SHOP, BLOG]) });
    const list = await screen.findByRole('list', { name: 'Embedding origins' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent(BLOG);
    expect(await axeViolations()).toEqual([]);
  });

  it('tells an AGENT who opens its address that the page is for administrators', async () => {
    signIn(ids.customer);
    const { fetch } = await renderApp({ path: '/admin/embedding', route: originsWorld() });
    expect(await screen.findByText('Only administrators can open this page.')).toBeInTheDocument();
    expect(requestsTo(fetch, widgetContracts.origins)).toEqual([]);
  });
});
