import type { Db } from '../../db/database';
import { newToken } from '../crypto';
import { currentRequestId, withRequestId } from './job-context';
import { backoffMs, DEFAULT_ATTEMPTS, type FailedRun, type JobHandler, type JobQueue } from './queue';

export interface TableQueueOptions {
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /**
   * How long a claimed job is this worker's: past it, the job is taken again (the worker is taken for dead). The worker
   * renews it every third of it while the job runs, so a job may run longer; this is how soon after a crash its job
   * is taken up again.
   */
  leaseMs?: number;
  /** The first retry's wait; doubled at each further one. */
  backoffBaseMs?: number;
  onError?: (err: unknown, job: FailedRun) => void;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The job queue in the app's own database (SQLite or PostgreSQL): the `jobs` table. A job is claimed by one
 * conditional update (waiting and due, or active with its lease run out), so any number of processes can work the
 * same table and each claim has exactly one winner; finishing checks the claim's token, so a worker whose lease
 * ran out cannot mark another's run.
 */
export function tableQueue(db: Db, options: TableQueueOptions = {}): JobQueue {
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 15_000;
  const baseMs = options.backoffBaseMs ?? 10_000;
  const repeating = new Map<string, { every: number; added: number | null }>();
  let handlers: Record<string, JobHandler> = {};
  let concurrency = 0;
  let running = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();

  async function insert(name: string, data: unknown, key: string | null, runAt: number, attempts: number) {
    const now = iso(Date.now());
    const requestId = currentRequestId();
    await db
      .insertInto('jobs')
      .values({
        name,
        key,
        data: JSON.stringify(data ?? null),
        status: 'waiting',
        max_attempts: attempts,
        run_at: iso(runAt),
        created_at: now,
        ...(requestId ? { request_id: requestId } : {}),
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  /** Each repeating job's run for the current period (its key names the period, so every process adds the same). */
  async function schedule() {
    for (const [name, { every, added }] of repeating) {
      const period = Math.floor(Date.now() / every) * every;
      if (period === added) continue;
      await insert(name, null, `${name}@${iso(period)}`, period, 1);
      repeating.set(name, { every, added: period });
    }
  }

  async function claim() {
    const names = Object.keys(handlers);
    if (names.length === 0) return null;
    const now = Date.now();
    const candidates = await db
      .selectFrom('jobs')
      .select(['id', 'name', 'data', 'attempts', 'request_id'])
      .where('name', 'in', names)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'waiting'), eb('run_at', '<=', iso(now))]),
          eb.and([eb('status', '=', 'active'), eb('locked_until', '<', iso(now))]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(concurrency * 2)
      .execute();
    for (const job of candidates) {
      const token = newToken(12);
      const taken = await db
        .updateTable('jobs')
        .set({ status: 'active', attempts: job.attempts + 1, locked_until: iso(now + leaseMs), lock_token: token })
        .where('id', '=', job.id)
        .where('attempts', '=', job.attempts)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'waiting'),
            eb.and([eb('status', '=', 'active'), eb('locked_until', '<', iso(now))]),
          ]),
        )
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { ...job, attempt: job.attempts + 1, token };
    }
    return null;
  }

  async function run(job: {
    id: number;
    name: string;
    data: string;
    attempt: number;
    token: string;
    request_id: string | null;
  }) {
    const requestId = job.request_id;
    const failure = (failed: boolean) => ({
      name: job.name,
      attempt: job.attempt,
      failed,
      ...(requestId ? { requestId } : {}),
    });
    const mine = (q: ReturnType<typeof finish>) => q.where('id', '=', job.id).where('lock_token', '=', job.token);
    const finish = () => db.updateTable('jobs');
    // While the job runs, its lease is renewed: only a worker that stopped (or cannot reach the database for two
    // renewals in a row) loses it.
    let renewal: Promise<unknown> = Promise.resolve();
    const renew = setInterval(() => {
      renewal = mine(finish().set({ locked_until: iso(Date.now() + leaseMs) }))
        .where('status', '=', 'active')
        .execute()
        .catch((err) => options.onError?.(err, failure(false)));
    }, leaseMs / 3);
    renew.unref();
    try {
      const info = { id: String(job.id), name: job.name, attempt: job.attempt, requestId };
      await withRequestId(requestId, () => handlers[job.name](JSON.parse(job.data), info));
      await mine(finish().set({ status: 'done', finished_at: iso(Date.now()), locked_until: null })).execute();
    } catch (err) {
      const row = await db.selectFrom('jobs').select('max_attempts').where('id', '=', job.id).executeTakeFirst();
      const failed = !row || job.attempt >= row.max_attempts;
      options.onError?.(err, failure(failed));
      const last_error = err instanceof Error ? (err.stack ?? err.message) : String(err);
      await mine(
        finish().set(
          failed
            ? { status: 'failed', last_error, finished_at: iso(Date.now()), locked_until: null }
            : { status: 'waiting', last_error, run_at: iso(Date.now() + backoffMs(job.attempt, baseMs)) },
        ),
      ).execute();
    } finally {
      clearInterval(renew);
      await renewal;
    }
  }

  /**
   * The loop runs as part of no request, whichever started it (an `add` in a request, a job's end): each job it takes
   * runs under its own request's id, and a schedule's run it adds has none.
   */
  const kick = () => void withRequestId(null, pump);

  /** Takes due jobs while there are free slots; then waits `pollMs` (or for an `add`) before looking again. */
  async function pump(): Promise<void> {
    if (stopped || concurrency === 0) return;
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      await schedule();
      while (!stopped && running < concurrency) {
        const job = await claim();
        if (!job) break;
        running++;
        const p: Promise<void> = run(job).finally(() => {
          running--;
          inFlight.delete(p);
          if (!stopped) kick();
        });
        inFlight.add(p);
      }
    } catch (err) {
      options.onError?.(err, { name: '(queue)', attempt: 0, failed: false });
    }
    if (!stopped && !timer) timer = setTimeout(() => kick(), pollMs);
  }

  return {
    kind: 'table',
    async add(name, data, opts = {}) {
      await insert(
        name,
        data,
        opts.key ?? null,
        opts.runAt?.getTime() ?? Date.now(),
        opts.attempts ?? DEFAULT_ATTEMPTS,
      );
      if (concurrency > 0 && running < concurrency && !stopped) kick();
    },
    async every(name, everyMs) {
      repeating.set(name, { every: everyMs, added: null });
    },
    work(next, opts = {}) {
      handlers = { ...handlers, ...next };
      concurrency = Math.max(1, opts.concurrency ?? 2);
      kick();
    },
    async counts() {
      // By the (status, run_at) index: done rows, kept for their keys, are never read.
      const now = iso(Date.now());
      const count = (status: 'waiting' | 'active' | 'failed', due?: '<=' | '>') => {
        let q = db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', status);
        if (due) q = q.where('run_at', due, now);
        return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
      };
      const [waiting, delayed, active, failed] = await Promise.all([
        count('waiting', '<='),
        count('waiting', '>'),
        count('active'),
        count('failed'),
      ]);
      return { waiting, active, delayed, failed };
    },
    async close() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await Promise.allSettled([...inFlight]);
    },
  };
}
