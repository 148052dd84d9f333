import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { Dialog } from './dialog.tsx';

function DialogDemo({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Dialog
        open={open}
        title="Remove payout method"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        Are you sure?
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('blocks page scrolling while open and restores it on close', async () => {
    document.body.style.overflow = 'scroll';
    const { user } = await renderWithProviders(<DialogDemo />);
    expect(document.body.style.overflow).toBe('scroll');

    await user.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByRole('dialog', { name: 'Remove payout method' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('scroll');
  });

  it('closes with the Escape key', async () => {
    const onClose = vi.fn();
    const { user } = await renderWithProviders(<DialogDemo onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('');
  });

  it('keeps scrolling blocked until the last of two open dialogs closes', async () => {
    function Two() {
      const [first, setFirst] = useState(true);
      const [second, setSecond] = useState(true);
      return (
        <>
          <Dialog open={first} title="First" onClose={() => setFirst(false)}>
            <button type="button" onClick={() => setFirst(false)}>
              close first
            </button>
          </Dialog>
          <Dialog open={second} title="Second" onClose={() => setSecond(false)}>
            <button type="button" onClick={() => setSecond(false)}>
              close second
            </button>
          </Dialog>
        </>
      );
    }
    const { user } = await renderWithProviders(<Two />);
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'close second' }));
    expect(document.body.style.overflow).toBe('hidden');
    await user.click(screen.getByRole('button', { name: 'close first', hidden: true }));
    expect(document.body.style.overflow).toBe('');
  });

  it('gives the close button a translated name', async () => {
    function Open() {
      return (
        <Dialog open title="Titre" onClose={() => undefined}>
          x
        </Dialog>
      );
    }
    await renderWithProviders(<Open />, { language: 'fr' });
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
  });

  it('has no close button when it can only be left through its actions', async () => {
    await renderWithProviders(
      <Dialog open title="Turn on two-step verification" actions={<button>Turn on</button>}>
        Scan the code.
      </Dialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Turn on two-step verification' });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
