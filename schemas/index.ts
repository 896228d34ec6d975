/**
 * The explicit registry of schema files: one entry per file, read at run time by the server (so an edited
 * file is served after a restart, without a rebuild) and at build time by the checks and type generator.
 * `npm run validate:schemas` fails when a file on disk is missing here or an entry has no file.
 */
export const RESOURCE_FILES = [
  'resources/clients.json',
  'resources/login.json',
  'resources/register.json',
  'resources/forgot-password.json',
  'resources/reset-password.json',
  'resources/admin-users.json',
  'resources/profile.json',
  'resources/password.json',
  'resources/delete-profile.json',
  'resources/messages.json',
  'resources/locations.json',
  'resources/discounts.json',
  'resources/services.json',
  'resources/classes.json',
  'resources/packages.json',
  'resources/products.json',
  'resources/gift-vouchers.json',
  'resources/calendar-settings.json',
  'resources/business-time.json',
  'resources/appointments.json',
] as const;

export const SCREEN_FILES = [
  'screens/auth/login.json',
  'screens/auth/register.json',
  'screens/auth/register-affiliate.json',
  'screens/auth/forgot-password.json',
  'screens/auth/reset-password.json',
  'screens/account/subscription.json',
  'screens/account/profile.json',
  'screens/account/password.json',
  'screens/account/delete.json',
  'screens/account/calendar-settings.json',
  'screens/account/messages.json',
  'screens/account/message.json',
  'screens/admin/dashboard.json',
  'screens/admin/users.json',
  'screens/admin/user.json',
  'screens/affiliate/dashboard.json',
  'screens/affiliate/profile.json',
  'screens/affiliate/password.json',
  'screens/dashboard.json',
  'screens/clients/list.json',
  'screens/clients/form.json',
  'screens/clients/detail.json',
  'screens/appointments/calendar.json',
  'screens/appointments/form.json',
  'screens/locations/list.json',
  'screens/locations/form.json',
  'screens/discounts/list.json',
  'screens/discounts/form.json',
  'screens/services/list.json',
  'screens/services/form.json',
  'screens/classes/list.json',
  'screens/classes/form.json',
  'screens/classes/detail.json',
  'screens/packages/list.json',
  'screens/packages/form.json',
  'screens/packages/detail.json',
  'screens/products/list.json',
  'screens/products/form.json',
  'screens/gift-vouchers/list.json',
  'screens/gift-vouchers/form.json',
  'screens/gift-vouchers/detail.json',
] as const;

export const NAVIGATION_FILE = 'navigation.json';

export const META_FILES = {
  resource: 'meta/resource.schema.json',
  screen: 'meta/screen.schema.json',
  navigation: 'meta/navigation.schema.json',
} as const;
