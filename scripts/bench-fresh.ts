/**
 * What a kept answer costs when it cannot be used: `url` read `times` times on one connection, each read right
 * after `raise` did what a write does to the owner's version (the dashboard, analytics and net income:
 * `figure_versions`; the public slots: `availability_versions`), so every answer is computed afresh.
 */
export async function freshReads(
  url: string,
  headers: Record<string, string>,
  raise: () => void,
  times = 100,
): Promise<{ p50: number; p95: number }> {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    raise();
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    took.push(performance.now() - t0);
  }
  took.sort((a, b) => a - b);
  return { p50: took[Math.floor(times * 0.5)], p95: took[Math.floor(times * 0.95)] };
}

/** A version raised for an owner, as the database's triggers raise it on a write. */
export const raiseVersion = (
  sqlite: { prepare(sql: string): { run(...params: unknown[]): unknown } },
  table: 'figure_versions' | 'availability_versions',
  owner: number,
) => {
  const statement = sqlite.prepare(
    `insert into ${table} (user_id, version) values (?, 1) on conflict (user_id) do update set version = version + 1`,
  );
  return () => statement.run(owner);
};
