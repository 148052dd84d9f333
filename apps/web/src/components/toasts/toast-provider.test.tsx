import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import type { MessageSeverity } from './toast-context.ts';
import { useToast } from './use-toast.ts';

function Triggers({ severity = 'warning' }: { severity?: MessageSeverity }) {
  const toast = useToast();
  return (
    <>
      <button type="button" onClick={() => toast.showMessage('Trip saved.', severity)}>
        message
      </button>
      <button
        type="button"
        onClick={() =>
          toast.showMessage('Payment failed. Please contact support.', 'warning', {
            label: 'Contact support',
            href: '/help/contact',
          })
        }
      >
        message with link
      </button>
      <button
        type="button"
        onClick={() => toast.showErrorDialog({ title: 'Service unavailable', body: 'Try later.' })}
      >
        dialog
      </button>
      <button type="button" onClick={() => toast.showSessionTimeout()}>
        timeout
      </button>
    </>
  );
}

describe('toasts', () => {
  it('shows a general message with its severity, and closes it', async () => {
    const { user } = await renderWithProviders(<Triggers />);
    await user.click(screen.getByRole('button', { name: 'message' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Trip saved.');
    expect(alert).toHaveClass('MuiAlert-colorWarning');
    await user.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it("shows a message's link, and keeps such a message until it is closed", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { user } = await renderWithProviders(<Triggers />);
      await user.click(screen.getByRole('button', { name: 'message with link' }));
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
        'href',
        '/help/contact',
      );
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(screen.getByRole('alert')).toBeInTheDocument();
      await user.click(within(alert).getByRole('button', { name: 'Close' }));

      // A message without a link goes by itself.
      await user.click(screen.getByRole('button', { name: 'message' }));
      await screen.findByText('Trip saved.');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    } finally {
      vi.useRealTimers();
    }
  });

  it('announces a success politely instead of interrupting', async () => {
    const { user } = await renderWithProviders(<Triggers severity="success" />);
    await user.click(screen.getByRole('button', { name: 'message' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Trip saved.');
  });

  it('shows the error dialog with its title and body until the user dismisses it', async () => {
    const { user } = await renderWithProviders(<Triggers />);
    await user.click(screen.getByRole('button', { name: 'dialog' }));
    const dialog = await screen.findByRole('dialog', { name: 'Service unavailable' });
    expect(dialog).toHaveAccessibleDescription('Try later.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the session-timeout notice in the current language', async () => {
    const { user } = await renderWithProviders(<Triggers />, { language: 'es' });
    await user.click(screen.getByRole('button', { name: 'timeout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Por tu seguridad, tu sesión ha finalizado.',
    );
  });
});
