import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';

async function start(): Promise<void> {
  await initI18n();
  createRoot(document.getElementById('root')!).render(<App />);
}

void start();
