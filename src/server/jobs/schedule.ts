import type { FastifyInstance } from 'fastify';
import { recordStocks } from '../features/admin';
import { runLiqpayReconciliation } from '../features/billing';
import { runExportsDue } from '../features/data-export';
import type { JobHandler } from '../infra/queue/queue';
import { runBillingReconciliation } from './billing';
import { runExpenseRecurrence } from './expenses';
import { runHousekeeping } from './housekeeping';
import { runInvoiceStatuses } from './invoices';
import { runSubscriptionCheck } from './subscriptions';

export const HOUR = 3_600_000;

/**
 * The checks that run once an hour across all processes (spec §4: trial and subscription ends, invoice statuses,
 * repeating expenses, the billing providers' state, automatic data exports due, the admin dashboard's stocks of the
 * day). Each is idempotent, so a run repeated after a crash is harmless;
 * each is its own job, so one failing does not hold up the others.
 */
export function hourlyJobs(app: FastifyInstance, uploadsDir: string | null = null): Record<string, JobHandler> {
  const logEach = (what: string) => (err: unknown) => app.log.error({ err }, `${what} failed for an account`);
  return {
    'subscriptions.check': async () => void (await runSubscriptionCheck(app.db, new Date(), uploadsDir)),
    housekeeping: async () => void (await runHousekeeping(app.db)),
    'expenses.recurrence': async () => void (await runExpenseRecurrence(app.db)),
    'invoices.statuses': async () =>
      void (await runInvoiceStatuses(app.db, Date.now(), (overdue) => app.events.notify('invoices.overdue', overdue))),
    'billing.reconcile': async () => {
      if (app.billing) await runBillingReconciliation(app.db, app.dialect, app.billing, logEach('billing check'));
    },
    'export-information.due': async () => void (await runExportsDue(app)),
    // After the hour's subscription check has moved accounts on, when it ran first; the next hour's record corrects it.
    'admin.stocks': async () => void (await recordStocks(app.db)),
    'liqpay.reconcile': async () => void (await runLiqpayReconciliation(app, logEach('LiqPay check'))),
  };
}

/** Declares each of `jobs` as repeating hourly; the queue runs the current hour's at once when none has run. */
export async function scheduleHourly(app: FastifyInstance, jobs: Record<string, JobHandler>): Promise<void> {
  for (const name of Object.keys(jobs)) await app.queue.every(name, HOUR);
}
