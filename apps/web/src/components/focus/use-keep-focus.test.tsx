import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { useKeepFocus } from './use-keep-focus.ts';

/** A step whose button its answer replaces: Yes, then Confirm, then only words. */
function Steps() {
  const [step, setStep] = useState(0);
  const keep = useKeepFocus<HTMLDivElement>();
  return (
    <>
      <button type="button">elsewhere</button>
      <div {...keep} aria-label="steps" role="group">
        {step === 0 ? (
          <button type="button" onClick={() => setStep(1)}>
            Yes
          </button>
        ) : step === 1 ? (
          <button type="button" onClick={() => setStep(2)}>
            Confirm
          </button>
        ) : (
          <p>Confirmed</p>
        )}
      </div>
      <button type="button" onClick={() => setStep(1)}>
        from outside
      </button>
    </>
  );
}

describe('useKeepFocus', () => {
  it('gives the focus to the control that replaced the one pressed, then to the part itself', async () => {
    const { user } = await renderWithProviders(<Steps />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Yes' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus());
    await user.keyboard(' ');
    await screen.findByText('Confirmed');
    await waitFor(() => expect(screen.getByRole('group', { name: 'steps' })).toHaveFocus());
  });

  it('takes no focus from a control outside the part', async () => {
    const { user } = await renderWithProviders(<Steps />);
    const outside = screen.getByRole('button', { name: 'from outside' });
    await user.click(outside);
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(outside).toHaveFocus();
  });
});
