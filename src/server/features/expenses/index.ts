import { feature } from '../../engine/feature';
import { mileageSettingsRoutes } from './mileage-routes';
import { netIncomeExportRoutes } from './net-income-export';
import { expenseRoutes } from './routes';

/**
 * Expenses: the owner's expenses and trips (one, or a repeating series materialised day by day), their mileage
 * rates, a period's sums per category, and net income (income from the ledger less expenses and mileage) on screen
 * and as a file — which goals and the tax estimate read too.
 */
export default feature('expenses', async (app, { config }) => {
  await app.register(expenseRoutes, { currency: config.currency });
  await app.register(mileageSettingsRoutes);
  await app.register(netIncomeExportRoutes, { currency: config.currency });
});

export { netIncome, netIncomeFilters, type NetIncomeFilters } from './net-income';
export { materialiseSeries } from './recurrence';
