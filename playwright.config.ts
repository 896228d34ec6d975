import { defineConfig } from '@playwright/test';

const PORT = 3210;

/** Browser tests drive Debian's Chromium against the production build, on a fresh seeded database. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'rm -rf data/e2e && exec node dist/server/dev/start.js',
    url: `http://127.0.0.1:${PORT}/api/v1/ui/manifest`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: 'sqlite:./data/e2e/soloist.db',
      UPLOADS_DIR: './data/e2e/uploads',
      LOGIN_ATTEMPTS_PER_MINUTE: '1000',
      // Owners' billing customers on test clocks of their own, and the local provider on a known port, so a test
      // can move an owner's time (subscription-clock.spec.ts).
      STRIPE_TEST_CLOCKS: '1',
      LOCAL_STRIPE_PORT: String(PORT + 1),
    },
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
