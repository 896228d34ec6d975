/** The analytics views with rows behind them (`GET /data/analytics-details`), in the order the screen offers them. */
export const VIEWS = [
  'income',
  'appointments',
  'clients',
  'by_service',
  'by_method',
  'by_weekday',
  'by_hour',
  'days',
] as const;
export type View = (typeof VIEWS)[number];
/** The views of advanced reporting (Premium). */
export const ADVANCED: readonly View[] = ['by_service', 'by_method', 'by_weekday', 'by_hour', 'days'];

export type Kind = 'ledger' | 'visits' | 'clients';
export const kindOf = (view: View): Kind =>
  ['income', 'by_service', 'by_method'].includes(view) ? 'ledger' : view === 'clients' ? 'clients' : 'visits';

/** What each kind's rows are, for the permission to export them (read-only mode exports nothing). */
export const SUBJECTS: Record<Kind, 'Income' | 'Appointment' | 'Client'> = {
  ledger: 'Income',
  visits: 'Appointment',
  clients: 'Client',
};

/** Each kind's columns (`analytics.details.columns.<name>`). */
export const COLUMNS: Record<Kind, string[]> = {
  ledger: ['date', 'client', 'service', 'type', 'method', 'amount'],
  visits: ['date', 'start_time', 'client', 'service', 'status'],
  clients: ['client', 'visits', 'kind', 'retained'],
};

export interface DetailsAnswer {
  data: Array<Record<string, unknown>>;
  meta: { page: number; per_page: number; total: number; sum: number; from: string; to: string };
  view: View;
  currency: string;
}
