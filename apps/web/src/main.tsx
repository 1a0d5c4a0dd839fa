import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppRouter } from './app/router';
import { configureApiClient } from './lib/api-client';
import { installChunkReload } from './lib/chunk-reload';
import { installErrorReporting, installGlobalErrorHandlers, reportError } from './lib/error-reporter';
import { queryClient } from './lib/query-client';

installGlobalErrorHandlers();
installErrorReporting();
installChunkReload();

const router = createAppRouter(queryClient);

// A 401 from the API sends the visitor to login inside the app (no full reload).
configureApiClient({
  navigate: (to) => void router.navigate({ href: to }),
  currentPath: () => `${router.state.location.pathname}${router.state.location.searchStr}`,
});

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container, {
  onUncaughtError: (error) => reportError(error, 'react.uncaught'),
  onRecoverableError: (error) => reportError(error, 'react.recoverable'),
}).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
