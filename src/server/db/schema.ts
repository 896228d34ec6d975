import type { DataExportsTable } from './tables/data-exports';
import type { GoalsTable } from './tables/goals';
import type { UiAuditTable, UiReleasesTable, UiStateTable } from './tables/ui-config';
import type { ApiTokensTable, NewsReadsTable, NewsTable, NotificationsTable } from './tables/bell';
import type { IntegrationsTable } from './tables/integrations';
import type { AdminAuditTable, StockDaysTable } from './tables/admin-audit';
import type { AffiliatePayoutsTable, AffiliateSettingsTable } from './tables/affiliates';
import type {
  BillingEventsTable,
  UsersTable,
  SessionsTable,
  PasswordResetsTable,
  OutboxTable,
  RateLimitsTable,
} from './tables/accounts';
import type {
  ClientsTable,
  ClientLocationsTable,
  ServicesTable,
  LocationsTable,
  ServicePartsTable,
  ClassesTable,
  ClassSessionsTable,
  ClassSessionClientsTable,
  ClassSessionSeriesTable,
} from './tables/catalogue';
import type {
  AppointmentSeriesTable,
  AppointmentsTable,
  AppointmentClientsTable,
  ClientMonthsTable,
  VisitDaysTable,
  VisitHoursTable,
  AppointmentBlocksTable,
} from './tables/appointments';
import type {
  BookingCodesTable,
  BookingSessionsTable,
  SlotHoldsTable,
  AvailabilityVersionsTable,
  FigureVersionsTable,
  PaymentsTable,
  GiftVouchersTable,
  PackagesTable,
  PackageServicesTable,
  OnlinePurchasesTable,
  VoucherSalesTable,
  PackageSalesTable,
} from './tables/online-booking';
import type {
  CheckoutItemsTable,
  CheckoutsTable,
  PaymentDaysTable,
  PaymentMonthsTable,
  ServiceIncomeTable,
} from './tables/ledger';
import type { ProductsTable, SaleItemsTable, SalesTable } from './tables/sales';
import type { ExpenseMonthsTable, ExpensesTable } from './tables/expenses';
import type { InvoiceItemsTable, InvoicesTable } from './tables/invoices';
import type { CreditEntriesTable } from './tables/credits';
import type { JobsTable } from './tables/jobs';
import type { OnboardingStepsTable } from './tables/onboarding';
import type { MarketingCampaignsTable } from './tables/marketing';
import type { PromoCodesTable, PromoRedemptionsTable, SubscriptionPaymentsTable } from './tables/promo-codes';

/** Column types of every table, as the migrations create them (one file per area under tables/). Booleans are 0/1 integers on both dialects. */
export interface Database {
  expenses: ExpensesTable;
  expense_months: ExpenseMonthsTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  gift_vouchers: GiftVouchersTable;
  packages: PackagesTable;
  package_services: PackageServicesTable;
  online_purchases: OnlinePurchasesTable;
  voucher_sales: VoucherSalesTable;
  package_sales: PackageSalesTable;
  booking_codes: BookingCodesTable;
  booking_sessions: BookingSessionsTable;
  slot_holds: SlotHoldsTable;
  availability_versions: AvailabilityVersionsTable;
  figure_versions: FigureVersionsTable;
  payments: PaymentsTable;
  checkouts: CheckoutsTable;
  checkout_items: CheckoutItemsTable;
  payment_days: PaymentDaysTable;
  payment_months: PaymentMonthsTable;
  service_income: ServiceIncomeTable;
  sales: SalesTable;
  sale_items: SaleItemsTable;
  products: ProductsTable;
  locations: LocationsTable;
  appointment_series: AppointmentSeriesTable;
  appointments: AppointmentsTable;
  appointment_clients: AppointmentClientsTable;
  appointment_blocks: AppointmentBlocksTable;
  visit_days: VisitDaysTable;
  visit_hours: VisitHoursTable;
  client_months: ClientMonthsTable;
  services: ServicesTable;
  service_parts: ServicePartsTable;
  classes: ClassesTable;
  class_sessions: ClassSessionsTable;
  class_session_clients: ClassSessionClientsTable;
  class_session_series: ClassSessionSeriesTable;
  users: UsersTable;
  sessions: SessionsTable;
  clients: ClientsTable;
  client_locations: ClientLocationsTable;
  password_resets: PasswordResetsTable;
  billing_events: BillingEventsTable;
  credit_entries: CreditEntriesTable;
  promo_codes: PromoCodesTable;
  promo_redemptions: PromoRedemptionsTable;
  subscription_payments: SubscriptionPaymentsTable;
  outbox: OutboxTable;
  jobs: JobsTable;
  marketing_campaigns: MarketingCampaignsTable;
  integrations: IntegrationsTable;
  goals: GoalsTable;
  data_exports: DataExportsTable;
  rate_limits: RateLimitsTable;
  news: NewsTable;
  news_reads: NewsReadsTable;
  notifications: NotificationsTable;
  api_tokens: ApiTokensTable;
  admin_audit: AdminAuditTable;
  stock_days: StockDaysTable;
  affiliate_settings: AffiliateSettingsTable;
  affiliate_payouts: AffiliatePayoutsTable;
  ui_releases: UiReleasesTable;
  ui_state: UiStateTable;
  ui_audit: UiAuditTable;
  onboarding_steps: OnboardingStepsTable;
}
