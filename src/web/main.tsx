import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app/app';
import { trackNavigationHistory } from './lib/navigation-history';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

trackNavigationHistory();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
