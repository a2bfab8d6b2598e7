import { ModalsProvider } from '@mantine/modals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { useLeaveGuard } from './use-leave-guard';

function Page({ unsaved }: { unsaved: boolean }) {
  useLeaveGuard(unsaved, { title: 'Leave without saving?', text: 'Your changes are not saved yet.' });
  return (
    <>
      <p data-testid="at">{useLocation().pathname}</p>
      <Link to="/dashboard">Dashboard</Link>
    </>
  );
}

const render = (unsaved: boolean) =>
  renderScreen(
    <ModalsProvider>
      <Page unsaved={unsaved} />
    </ModalsProvider>,
    '/website-config',
  );

describe('leaving a page with unsaved changes', () => {
  it('asks before following a link; Stay keeps the page, Leave without saving follows it', async () => {
    render(true);
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(await screen.findByText('Your changes are not saved yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByTestId('at').textContent).toBe('/website-config');

    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByTestId('at').textContent).toBe('/dashboard');
  });

  it('follows links at once when nothing is unsaved', async () => {
    render(false);
    await userEvent.click(screen.getByRole('link', { name: 'Dashboard' }));
    expect(screen.getByTestId('at').textContent).toBe('/dashboard');
    expect(screen.queryByText('Your changes are not saved yet.')).toBeNull();
  });
});
