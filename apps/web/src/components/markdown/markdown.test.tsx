import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.ts';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { Markdown } from './markdown.tsx';

const twoTables = `## Triggers

| Trigger   | Threshold |
| --------- | --------- |
| Power cut | 4 hours   |

## Money

| Item      | Amount |
| --------- | ------ |
| Retention | £500   |
`;

describe('Markdown', () => {
  it('names each table’s scroll region by its column headings, so two tables differ', async () => {
    await renderWithProviders(
      <main>
        <Markdown text={twoTables} />
      </main>,
    );
    const regions = await screen.findAllByRole('region');
    expect(regions.map((region) => region.getAttribute('aria-label'))).toEqual([
      'Table (scrolls sideways): Trigger, Threshold',
      'Table (scrolls sideways): Item, Amount',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('names a table without headings by the generic label alone', async () => {
    await renderWithProviders(<Markdown text={'|   |   |\n| - | - |\n| a | b |\n'} />);
    expect(await screen.findByRole('region')).toHaveAttribute(
      'aria-label',
      'Table (scrolls sideways)',
    );
  });
});
