import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { RootErrorBoundary } from './app/root-error-boundary';
import { migrateLegacyToken } from './lib/access-token';
import { startThemeSync } from './lib/theme';
import './styles.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('Root element #root not found');

migrateLegacyToken();
startThemeSync();

createRoot(rootElement).render(
  <StrictMode>
    <RootErrorBoundary>
      <App />
    </RootErrorBoundary>
  </StrictMode>,
);
