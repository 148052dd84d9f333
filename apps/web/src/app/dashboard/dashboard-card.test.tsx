import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CardBody } from '../../components/cards/card-body.tsx';
import { CardFigure } from '../../components/cards/card-figure.tsx';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { DashboardCard } from './dashboard-card.tsx';

const EmptyTrips = () => (
  <CardBody
    loaded
    failed={false}
    empty
    emptyText="You have no trips yet."
    emptyAction={{ label: 'Add a trip', to: '/trips/new' }}
  >
    {null}
  </CardBody>
);
const Counted = () => <CardFigure loaded text="Open claims: 1" to="/claims" />;

describe('a dashboard card', () => {
  it("opens its area from the title, fills itself from the empty state's action, and opens the list a count counts", async () => {
    await renderWithProviders(
      <MemoryRouter>
        <DashboardCard plan={{ card: 'TRIPS', parts: [EmptyTrips, Counted], page: '/trips' }} />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', { name: 'Trips' });
    expect(within(card).getByRole('link', { name: 'Trips' })).toHaveAttribute('href', '/trips');
    // The area's own action wins over the dashboard's help centre.
    expect(within(card).getByRole('link', { name: 'Add a trip' })).toHaveAttribute(
      'href',
      '/trips/new',
    );
    expect(within(card).queryByRole('link', { name: 'Visit the help centre' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'Open claims: 1' })).toHaveAttribute(
      'href',
      '/claims',
    );
  });

  it('has a plain title while its area has no page', async () => {
    await renderWithProviders(
      <MemoryRouter>
        <DashboardCard plan={{ card: 'TRIPS', parts: [Counted] }} />
      </MemoryRouter>,
    );
    const card = await screen.findByRole('region', { name: 'Trips' });
    expect(within(card).queryByRole('link', { name: 'Trips' })).toBeNull();
  });
});
