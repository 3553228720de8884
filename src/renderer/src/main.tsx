import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import './styles/views.css';
import './styles/compare.css';
import './styles/visibility.css';
import './styles/positioning.css';
import './styles/alerts.css';
import './styles/reports.css';
import './styles/discovery.css';
import './styles/commerce.css';
import './styles/forms.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
