import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { render as renderDom, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../test/render-screen';
import { theme } from '../../theme';
import { listenAheadOfRouter } from './history-steps';
import { askBeforeDiscarding } from './unsaved-edits';
import { useLeaveGuard } from './use-leave-guard';

/** Stands for the website selector: replaces what the page shows without a navigation. */
function Switcher() {
  const [website, setWebsite] = useState('Shop');
  return (
    <button type="button" onClick={() => askBeforeDiscarding(() => setWebsite('Blog'))}>
      Showing {website}
    </button>
  );
}

function Page({ unsaved }: { unsaved: boolean }) {
  useLeaveGuard(unsaved, { title: 'Leave without saving?', text: 'Your changes are not saved yet.' });
  return (
    <>
      <p data-testid="at">{useLocation().pathname}</p>
      <Link to="/dashboard">Dashboard</Link>
      <Switcher />
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

/** The config page of the Back test: a link to it from the dashboard, and an edit that is not saved. */
function EditedPage() {
  const [unsaved, setUnsaved] = useState(false);
  useLeaveGuard(unsaved, { title: 'Leave without saving?', text: 'Your changes are not saved yet.' });
  return (
    <button type="button" onClick={() => setUnsaved(true)}>
      Edit
    </button>
  );
}

/** In the browser's own history, which React Router's BrowserRouter steps through. */
function renderInBrowserHistory() {
  listenAheadOfRouter();
  window.history.replaceState(null, '', '/dashboard');
  renderDom(
    <MantineProvider theme={theme} env="test">
      <ModalsProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/dashboard" element={<Link to="/website-config">Config</Link>} />
            <Route path="/website-config" element={<EditedPage />} />
          </Routes>
          <Where />
        </BrowserRouter>
      </ModalsProvider>
    </MantineProvider>,
  );
}

function Where() {
  return <p data-testid="at">{useLocation().pathname}</p>;
}

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

  it('asks before the website is switched; Stay keeps it, Leave without saving switches', async () => {
    render(true);
    await userEvent.click(screen.getByRole('button', { name: 'Showing Shop' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    expect(screen.getByRole('button', { name: 'Showing Shop' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Showing Shop' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(screen.getByRole('button', { name: 'Showing Blog' })).toBeTruthy();
  });

  it('switches the website at once when nothing is unsaved', async () => {
    render(false);
    await userEvent.click(screen.getByRole('button', { name: 'Showing Shop' }));
    expect(screen.getByRole('button', { name: 'Showing Blog' })).toBeTruthy();
    expect(screen.queryByText('Your changes are not saved yet.')).toBeNull();
  });

  it("asks when the browser's Back would leave; Stay stays, Leave without saving goes back", async () => {
    renderInBrowserHistory();
    await userEvent.click(screen.getByRole('link', { name: 'Config' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));

    window.history.back();
    await userEvent.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(window.location.pathname).toBe('/website-config'));
    expect(screen.getByTestId('at').textContent).toBe('/website-config');

    window.history.back();
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.getByTestId('at').textContent).toBe('/dashboard'));
    expect(window.location.pathname).toBe('/dashboard');
  });
});
