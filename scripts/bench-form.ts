/**
 * A 500-field form (bench section `form`): mount time and keystroke latency of our renderer's form (rjsf + lean MUI
 * templates) beside plain @rjsf/core and stock @rjsf/mui, in the same browser, same run.
 */
import path from 'node:path';
import Fastify from 'fastify';
import type { Browser } from 'playwright-core';
import webpack from 'webpack';

type Row = (what: string, figure: string, target?: string) => void;

const root = path.resolve(__dirname, '..');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))];

async function buildFormBench(tmp: string): Promise<string> {
  const out = path.join(tmp, 'form-bench');
  // The browser's build (the first configuration; the second is the server's first paint).
  const [config] = (await import('../webpack.config')).default(undefined, { mode: 'production' });
  config.entry = { bench: path.join(root, 'tests', 'bench', 'form-bench.tsx') };
  config.output = { ...config.output, path: out, publicPath: '/' };
  config.devtool = false;
  await new Promise<void>((resolve, reject) =>
    webpack(config, (err, stats) =>
      err || stats?.hasErrors() ? reject(err ?? new Error(stats!.toString('errors-only'))) : resolve(),
    ),
  );
  return out;
}

export async function benchForm(row: Row, browser: Browser, tmp: string): Promise<void> {
  const dir = await buildFormBench(tmp);
  const server = Fastify();
  await server.register((await import('@fastify/static')).default, { root: dir });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.server.address() as { port: number }).port}/index.html`;
  // Runs interleave the engines, each run in a rotated order, so the machine's drift falls on all three alike.
  // Keystrokes are pooled over the runs; ours and plain core are compared with a bootstrap over whole runs
  // (both engines' keystrokes of the same runs), which keeps what a run shares paired.
  const RUNS = 11;
  const engines = ['core', 'mui', 'ours'] as const;
  const runs: Record<string, Array<{ mount: number; keystrokes: number[] }>> = { core: [], mui: [], ours: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const engine of [...engines.slice(run % 3), ...engines.slice(0, run % 3)]) {
      const page = await browser.newPage();
      await page.goto(`${base}?engine=${engine}`);
      await page.waitForFunction(() => Boolean(window.__bench));
      await page.evaluate(() => window.__bench.run(20)); // warm-up keystrokes
      await page.evaluate(() => {
        window.__bench.keystrokes = [];
        window.__bench.run(150);
      });
      runs[engine].push(
        await page.evaluate(() => ({ mount: window.__bench.mount, keystrokes: window.__bench.keystrokes })),
      );
      await page.close();
    }
  }
  const pooled = (engine: string, picks: number[]) => picks.flatMap((i) => runs[engine][i].keystrokes);
  const all = Array.from({ length: RUNS }, (_, i) => i);
  const mount = (engine: string) => median(runs[engine].map((r) => r.mount));
  const label = { core: 'plain @rjsf/core', mui: 'stock @rjsf/mui', ours: 'ours (rjsf + lean MUI look)' } as Record<
    string,
    string
  >;
  for (const engine of ['ours', 'core', 'mui']) {
    const keys = pooled(engine, all);
    const target =
      engine === 'ours' ? `p95 ≤ 16 ms and ≤ core; mount ≤ ${(mount('core') * 1.2).toFixed(0)} ms (1.2 × core)` : '';
    row(
      `500-field form, ${label[engine]}`,
      `mount ${mount(engine).toFixed(0)} ms · key median ${median(keys).toFixed(1)} ms · p95 ${p95(keys).toFixed(1)} ms`,
      target,
    );
  }
  let seed = 7;
  const pick = () => Math.floor(((seed = (seed * 16807) % 2147483647) / 2147483647) * RUNS);
  const diffs = Array.from({ length: 1000 }, () => {
    const sample = all.map(pick);
    return p95(pooled('ours', sample)) - p95(pooled('core', sample));
  }).sort((a, b) => a - b);
  const diff = p95(pooled('ours', all)) - p95(pooled('core', all));
  row(
    `500-field form: ours − core, keystroke p95 (${RUNS} runs × 150 keys)`,
    `${diff >= 0 ? '+' : ''}${diff.toFixed(1)} ms (95 % CI ${diffs[25].toFixed(1)} … ${diffs[974].toFixed(1)})`,
    '≤ 0, or 0 within the CI',
  );
  await server.close();
}
