import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { isUnauthorized } from './api/client';
import { NavigationBridge, navigateOutsideReact } from './auth/navigation-bridge';
import { handleSessionExpired } from './auth/session-expiry';
import { uiStorageKeys } from './components/local-data/storage-keys';
import { AppRoutes } from './router';
import { cssVariablesResolver, theme } from './theme';

const onError = (error: Error) => {
  if (!isUnauthorized(error)) return;
  handleSessionExpired(queryClient);
  navigateOutsideReact('/login');
};

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: (count, error) => !isUnauthorized(error) && count < 2 },
  },
});

const colorSchemeManager = localStorageColorSchemeManager({ key: uiStorageKeys.colorScheme });

export function App() {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Notifications position="bottom-right" />
          <BrowserRouter>
            <NavigationBridge />
            <AppRoutes />
          </BrowserRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
