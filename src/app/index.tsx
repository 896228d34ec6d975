import { createRoot } from 'react-dom/client';
import { App } from './App';
import { initI18n } from './i18n';
import { readPreloaded } from './preloaded';

async function start(): Promise<void> {
  const preloaded = readPreloaded();
  await initI18n(preloaded);
  createRoot(document.getElementById('root')!).render(<App preloaded={preloaded} />);
}

void start();
