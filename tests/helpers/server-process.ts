import { spawn, type ChildProcess } from 'node:child_process';
import { TEST_SECRETS_KEY } from './app';

/**
 * How many times longer than its own `ms` a wait holds on before it fails: the waits guard against a hang, and on a
 * loaded two-core machine (`npm test` runs the browser tests beside the API suites) every step was measured taking
 * three to four times as long as alone. TEST_PATIENCE sets another factor.
 */
export const PATIENCE = Number(process.env.TEST_PATIENCE ?? 4);

/** Waits until `done()` holds (checked every 50 ms), failing after `ms` (times PATIENCE) with `what`. */
export async function until(what: string | (() => string), done: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms * PATIENCE;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${typeof what === 'string' ? what : what()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export interface ServerProcessOptions {
  /** The address that answers 200 once the process serves (a worker serves only /health, /ready and /metrics). */
  readyPath?: string;
  tries?: number;
}

/**
 * A real server process on the test's database, working the queue (the table in the database: no REDIS_URL). Its
 * port is below the range the system hands out for port 0 (the process's local payment stand-ins take such ports);
 * another port is tried if that one is taken.
 */
export async function serverProcess(env: Record<string, string>, options: ServerProcessOptions = {}): Promise<Server> {
  const { readyPath = '/api/v1/ui/manifest', tries = 3 } = options;
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  // node itself, not the tsx launcher, so that SIGKILL reaches the process that sends.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      SECRETS_KEY: TEST_SECRETS_KEY,
      SEED: '0',
      LOG: '0',
      SCHEMAS_WATCH: '0',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  // The log (LOG=1 writes JSON lines here), kept whole for the test to read.
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Starting compiles the server's TypeScript: some seconds alone, far longer beside the rest of `npm test` (in CI
  // once more than 60 s, while another test started a cluster of such processes).
  const end = Date.now() + 60_000 * PATIENCE;
  while (
    !(await fetch(`${url}${readyPath}`).then(
      (res) => res.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) {
      if (stderr.includes('EADDRINUSE') && tries > 1) return serverProcess(env, { readyPath, tries: tries - 1 });
      throw new Error(`the server exited: ${stderr}`);
    }
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, exited, url, stderr: () => stderr, stdout: () => stdout };
}

/** Stops a server as a deploy would (SIGTERM), and for good if it has not gone within 10 s. */
export async function stop(s: Server): Promise<void> {
  if (s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill('SIGTERM');
  const late = setTimeout(() => s.child.kill('SIGKILL'), 10_000);
  await s.exited;
  clearTimeout(late);
}

export interface Server {
  child: ChildProcess;
  /** Where it listens. */
  url: string;
  exited: Promise<void>;
  stderr: () => string;
  stdout: () => string;
}
