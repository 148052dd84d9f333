import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ContentDocument, Faq } from '@tern/domain/content/schemas';
import { apiError, fakeApi, requestsTo } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { contentContracts } from '@tern/domain/content/contracts';

const document = (overrides: Partial<ContentDocument> = {}): ContentDocument => ({
  id: 'terms',
  lang: 'en',
  fallback: false,
  title: 'Terms of use',
  version: '2026-11-01',
  format: 'markdown',
  body: '## Cover\n\nYou agree to **these** terms. See the [key facts](/key-facts).',
  ...overrides,
});

const faq = (overrides: Partial<Faq> = {}): Faq => ({
  product: 'travel',
  bundle: 'travel',
  version: 'v1',
  lang: 'en',
  fallback: false,
  entries: [
    {
      id: '01-late',
      topic: 'Delays',
      question: 'My flight is 70 minutes late — what do I get?',
      answer: 'A **lounge pass** for each insured passenger.',
    },
    {
      id: '02-cash',
      topic: 'Cash and points',
      question: 'When is cash paid?',
      answer: 'Within 5 business days, to your payout method.',
    },
    {
      id: '03-hotel',
      topic: 'Hotel and rebooking',
      question: 'When do I get a hotel night?',
      answer: 'After a cancellation, or a delay of 6 hours that runs past midnight.',
    },
  ],
  ...overrides,
});

describe('the help centre', () => {
  it('lists the documents and the questions by topic, and opens an answer', async () => {
    const { user, fetch } = await renderApp({
      path: '/help',
      route: fakeApi({ 'content.faq': () => faq() }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    const documents = screen.getByRole('navigation', { name: 'Documents' });
    expect(within(documents).getByRole('link', { name: 'Key facts' })).toHaveAttribute(
      'href',
      '/key-facts',
    );
    expect(within(documents).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/help/terms',
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Delays' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: /70 minutes late/ }));
    expect(await screen.findByText('lounge pass')).toBeVisible();
    expect(requestsTo(fetch, contentContracts.faq)[0]?.params).toEqual({
      product: 'travel',
      bundle: 'travel',
      version: 'v1',
      lang: 'en',
    });
  });

  it('searches questions and answers, and says when nothing matches', async () => {
    const { user } = await renderApp({
      path: '/help',
      route: fakeApi({ 'content.faq': () => faq() }),
    });
    const search = await screen.findByRole('searchbox', { name: 'Search the questions' });
    await user.type(search, 'midnight');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /70 minutes late/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: /hotel night/ })).toBeVisible();
    expect(screen.getByText('1 question found')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'submarine');
    expect(await screen.findByText(/No question matches “submarine”/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(await screen.findAllByRole('button', { name: /\?$/ })).toHaveLength(3);
  });

  it('asks in the portal’s language and says when the answer is in English', async () => {
    const { fetch } = await renderApp({
      path: '/help',
      language: 'fr',
      route: fakeApi({ 'content.faq': () => faq({ lang: 'en', fallback: true }) }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Centre d’aide' })).toBeVisible();
    expect(await screen.findByText(/il est affiché en anglais/)).toBeVisible();
    expect(requestsTo(fetch, contentContracts.faq)[0]?.params.lang).toBe('fr');
  });

  it('offers to try again when the questions cannot be loaded', async () => {
    let calls = 0;
    const { user } = await renderApp({
      path: '/help',
      route: fakeApi({
        'content.faq': () => (++calls === 1 ? apiError('PRODUCT_NOT_FOUND') : faq()),
      }),
    });
    expect(await screen.findByText('We could not load this help content.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /When is cash paid/ })).toBeVisible();
  });
});

describe('a help document', () => {
  it('shows the document with its version; a portal link stays in the portal', async () => {
    await renderApp({
      path: '/help/terms',
      route: fakeApi({ 'content.document': () => document() }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Cover' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'key facts' })).toHaveAttribute('href', '/key-facts');
    expect(screen.getByText('Version 2026-11-01')).toBeVisible();
  });

  it('lets no script, inline handler or javascript: link through', async () => {
    const hostile = [
      'Before <script>window.__owned = 1</script> after.',
      '<img src="x" onerror="window.__owned = 2">',
      '<a href="#" onclick="window.__owned = 3">click</a>',
      '[a trap](javascript:window.__owned=4) and [another](JAVASCRIPT:alert(1))',
      '<iframe src="https://evil.example"></iframe>',
    ].join('\n\n');
    const { container } = await renderApp({
      path: '/key-facts',
      route: fakeApi({ 'content.document': () => document({ id: 'key-facts', body: hostile }) }),
    });
    expect(await screen.findByText(/Before/)).toBeVisible();
    const article = container.querySelector('article')!;
    expect(article.querySelector('script, img, iframe, [onclick], [onerror]')).toBeNull();
    for (const link of within(article).queryAllByRole('link'))
      expect(link.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    expect((window as { __owned?: number }).__owned).toBeUndefined();
  });

  it('asks for the key facts on /key-facts', async () => {
    const { fetch } = await renderApp({
      path: '/key-facts',
      route: fakeApi({
        'content.document': () => document({ id: 'key-facts', title: 'Key facts' }),
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Key facts' })).toBeVisible();
    expect(requestsTo(fetch, contentContracts.document)[0]?.params).toEqual({
      id: 'key-facts',
      lang: 'en',
    });
  });

  it('answers a document the partner does not have as not found, with no error toast', async () => {
    await renderApp({
      path: '/help/payout-terms',
      route: fakeApi({ 'content.document': () => apiError('DOCUMENT_NOT_FOUND') }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find this page' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '← Help centre' })).toHaveAttribute('href', '/help');
    await waitFor(() => expect(window.document.title).toMatch(/^We could not find this page · /));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers to try again when a document cannot be loaded, and says it on the page only', async () => {
    let calls = 0;
    const { user } = await renderApp({
      path: '/help/terms',
      route: fakeApi({
        'content.document': () => (++calls === 1 ? apiError('INVALID_PARAMS') : document()),
      }),
    });
    expect(await screen.findByText('We could not load this help content.')).toBeVisible();
    // The page's own notice, and no toast besides.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      expect.stringContaining('We could not load this help content.'),
    ]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
  });

  it('answers an id that is not a help page with a way back', async () => {
    await renderApp({ path: '/help/secrets', route: fakeApi() });
    expect(
      await screen.findByRole('heading', { name: 'We could not find this page' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: '← Help centre' })).toHaveAttribute('href', '/help');
  });
});
