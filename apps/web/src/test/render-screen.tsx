import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../theme';

/**
 * Renders part of the app with the providers it expects: the app's theme (in Mantine's test mode,
 * without transitions or portals), a fresh query cache and a router.
 */
export function renderScreen(ui: ReactNode, at = '/') {
  // Failures show at once: the app's retries would only slow a failing test down.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
