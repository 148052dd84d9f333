import { screen } from '@testing-library/react';
import type { MonitoringAlert } from '@tern/domain/monitoring/schemas';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render-with-providers.tsx';
import { alertOf, breachOf } from './test/fixtures.ts';
import { useNewAlertToast } from './use-new-alert-toast.ts';

/** The alerts a page reads, one answer after another (each button: the next answer). */
function Page({ answers }: { answers: (MonitoringAlert[] | undefined)[] }) {
  const [read, setRead] = useState(0);
  useNewAlertToast(answers[read]);
  return (
    <button type="button" onClick={() => setRead(read + 1)}>
      read again
    </button>
  );
}

describe('a new alert on the open page (alert_sent)', () => {
  const first = alertOf({
    alertId: '00000000-0000-4000-8000-0000000000a1',
    friendlyName: 'Work email',
  });
  const second = alertOf({
    alertId: '00000000-0000-4000-8000-0000000000a2',
    friendlyName: 'Personal email',
    breach: breachOf({ title: 'Example Shop' }),
  });

  it('announces an alert that arrives, not those the page opened with', async () => {
    const { user } = await renderWithProviders(
      <Page answers={[undefined, [first], [second, first]]} />,
    );
    const again = screen.getByRole('button', { name: 'read again' });
    await user.click(again);
    expect(screen.queryByText(/New alert/)).toBeNull();
    await user.click(again);
    expect(
      await screen.findByText(
        'New alert: Personal email was found in Example Shop. We have emailed you the details.',
      ),
    ).toBeVisible();
    expect(screen.queryByText(/Work email was found/)).toBeNull();
  });
});
