import './mantine-styles';
import '@mantine/notifications/styles.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchForBoot } from './api/boot-prefetch';
import { queryClient } from './api/query-client';
import { App } from './app';
import { applyPreloadedStyles } from './apply-preloaded-styles';
import { listenAheadOfRouter } from './components/forms/history-steps';
import { preloadScreen } from './router';
import { warmIntl } from './warm-intl';

// The screen's code and its data load while the app reads the session, not after it.
preloadScreen(window.location.pathname);
void prefetchForBoot(queryClient, window.location);
warmIntl();
// Before React Router adds its own listener in the first render (history-steps.ts says why).
listenAheadOfRouter();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render as a transition: React renders it in slices between which the browser can answer
// input, instead of one long task (the providers, the router and the first screen's first run of code).
void applyPreloadedStyles().then(() =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  ),
);
