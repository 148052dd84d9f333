import { screen, within } from '@testing-library/react';
import type { ResolutionOption, ResolutionStatus } from '@tern/domain/resolutions/schemas';
import { describe, expect, it, vi } from 'vitest';
import { ErrorHandlerContext } from '../../core/errors/error-handler-context.ts';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { AgentControls } from './agent-controls.tsx';
import type { ResolutionActions } from './use-resolution-actions.ts';

const option = (type: string, status: ResolutionStatus): ResolutionOption =>
  ({
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    type,
    state: { status },
  }) as ResolutionOption;

const actions = (): ResolutionActions => ({
  select: vi.fn(),
  confirm: vi.fn(),
  update: vi.fn(async () => true),
});

/** The overrides offered on an option in `status` (each rendered on its own). */
const offered = async (type: string, status: ResolutionStatus) => {
  const { container, unmount } = await renderWithProviders(
    <AgentControls option={option(type, status)} actions={actions()} />,
  );
  const buttons = within(container)
    .queryAllByRole('button')
    .map((button) => button.textContent);
  const heading = within(container).queryByText('Agent options');
  unmount();
  return { buttons, heading };
};

describe('agent overrides (issue 25 item 5.7)', () => {
  it('offers nothing on cash already paid, a booked lounge or a used pass', async () => {
    const paid = await offered('CASH', 'Confirmed');
    expect(paid.buttons).toEqual([]);
    expect(paid.heading).toBeNull();
    expect((await offered('LOUNGE', 'Booked')).buttons).toEqual([]);
    expect((await offered('LOUNGE', 'Redeemed')).buttons).toEqual([]);
  });

  it('offers what the status machine allows from where the option is', async () => {
    expect((await offered('CASH|POINTS', 'Initial')).buttons).toEqual(['Reject']);
    expect((await offered('LOUNGE', 'OptionsSent')).buttons).toEqual([
      'Reject',
      'Reset',
      'No lounge',
    ]);
    expect((await offered('HOTEL', 'Rejected')).buttons).toEqual(['Reset', 'No hotel']);
    expect((await offered('CASH', 'Requested')).buttons).toEqual(['Reject', 'Reset', 'Approve']);
  });

  it('sends the override chosen with its reason', async () => {
    const acts = actions();
    const { user } = await renderWithProviders(
      <ErrorHandlerContext value={vi.fn()}>
        <AgentControls option={option('CASH', 'Failed')} actions={acts} />
      </ErrorHandlerContext>,
    );
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.type(screen.getByRole('textbox', { name: 'Reason (optional)' }), 'Bank fixed');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    // The form's rules load with it: the call follows once they have checked the reason.
    await vi.waitFor(() =>
      expect(acts.update).toHaveBeenCalledWith(
        'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
        expect.objectContaining({ status: 'Initial', reason: 'Bank fixed' }),
      ),
    );
  });
});
