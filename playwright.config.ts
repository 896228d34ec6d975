import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium against the production build, on fresh seeded databases: two servers, each
 * with its own. The flows (every spec but the route sweep and the offline spec) run one at a time on the first, as
 * they share its data and change it; the route sweep only reads, and its tests (one per role, language and width)
 * share out the other two workers on a server of their own, beside the flows; the offline spec follows them there.
 */
const FLOWS = 3210;
const SWEEP = 3220;
const address = (port: number) => `http://127.0.0.1:${port}`;

/** The development launcher (the local stand-ins, the demo data) on `port`, with its data under `dir`. */
const server = (port: number, dir: string) => ({
  command: `rm -rf ${dir} && exec node dist/server/dev/start.js`,
  url: `${address(port)}/api/v1/ui/manifest`,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: address(port),
    DATABASE_URL: `sqlite:./${dir}/soloist.db`,
    UPLOADS_DIR: `./${dir}/uploads`,
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    // The flows sign up more owners and affiliates in an hour than one address may (10): tours, accounts, billing.
    SIGN_UPS_PER_ADDRESS_PER_HOUR: '1000',
    // Owners' billing customers on test clocks of their own, and the local provider on a known port, so a test
    // can move an owner's time (subscription-clock.spec.ts).
    STRIPE_TEST_CLOCKS: '1',
    LOCAL_STRIPE_PORT: String(port + 1),
  },
  reuseExistingServer: false,
  // Seeding the demo data takes a few seconds alone, longer beside the API suites (`npm test` runs them together).
  timeout: 180_000,
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Guards against a hang, not measures: beside the API suites on a slow two-core machine every step takes three to
  // four times as long as alone (a catalogue flow of 25 s alone was measured at 84 s, a screen's first draw past
  // 10 s), so a test has five minutes (the sweeps and the offline walk over every screen, more) and a wait 20 s.
  timeout: 300_000,
  expect: { timeout: 20_000 },
  workers: 3,
  reporter: [['list']],
  use: {
    trace: 'off',
    // The app honours the system's reduced motion (no transitions): colours are measured at rest, never mid-fade.
    reducedMotion: 'reduce',
    // No service worker unless a test asks for one (offline.spec.ts): otherwise every context would precache the
    // whole app beside the test, which on two cores shared with the API suites doubled the browser tests' time.
    serviceWorkers: 'block',
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
  projects: [
    {
      name: 'flows',
      testIgnore: /(route-sweep|offline|update|install)\.spec\.ts$/,
      workers: 1,
      use: { baseURL: address(FLOWS) },
    },
    {
      name: 'route-sweep',
      testMatch: /route-sweep\.spec\.ts$/,
      fullyParallel: true,
      workers: 2,
      use: { baseURL: address(SWEEP) },
    },
    // The offline spec signs in and out on its own (a client of a name no other test holds) and reads with the
    // service worker on: beside the sweep, on its server, once a sweep worker is free, not at the end of the flows.
    { name: 'offline', testMatch: /(offline|update|install)\.spec\.ts$/, workers: 1, use: { baseURL: address(SWEEP) } },
  ],
  webServer: [server(FLOWS, 'data/e2e'), server(SWEEP, 'data/e2e-sweep')],
});
