import { subject } from '@casl/ability';
import path from 'node:path';
import {
  defineAbilityFor as defineWith,
  planLevel,
  refusalReason,
  type AbilityUser,
} from '../../../permissions/defineAbilityFor';
import { readPermissionRules, ruleProblems } from '../../../permissions/rule-files';
import { FEATURES, type Feature } from '../../../permissions/subjects';

// The rules as the server reads them from disk (the module itself holds none).
const rules = readPermissionRules(path.resolve(__dirname, '../../../permissions'));
const defineAbilityFor = (u: AbilityUser | null) => defineWith(u, rules);

describe('the permission rules on disk', () => {
  it('are well formed', () => {
    expect(ruleProblems(rules)).toEqual([]);
  });

  it('name each malformed rule with its place', () => {
    const broken = JSON.parse(JSON.stringify(rules));
    broken.roles.user.push({ action: 'fly', subject: 'Client' });
    delete broken.plans.readOnly;
    expect(ruleProblems(broken)).toEqual([
      `roles/user.json#/${rules.roles.user.length}/action: unknown action "fly"`,
      'plans.json#/readOnly: must be a list of rules',
    ]);
  });
});

const user = (
  over: Partial<AbilityUser> & {
    plan?: string | null;
    status?: string;
    valid?: boolean;
    incomplete?: boolean;
    addons?: string[];
  } = {},
): AbilityUser => ({
  id: 7,
  is_admin: false,
  is_affiliate: false,
  is_api_user: false,
  ...over,
  subscription: {
    plan_name: over.plan === undefined ? 'Premium Monthly' : over.plan,
    status: over.status ?? 'active',
    valid: over.valid ?? true,
    has_incomplete_payment: over.incomplete ?? false,
    addons: over.addons ?? [],
  },
});

const LITE: Feature[] = [
  'Client',
  'Service',
  'Appointment',
  'Income',
  'Expense',
  'LeftToPay',
  'Product',
  'Sale',
  'PaymentIntegration',
  'EmailNotification',
  'SmsNotification',
];
const BUSINESS: Feature[] = [
  'Mileage',
  'ZoomIntegration',
  'IncomeDetails',
  'Class',
  'GiftVoucher',
  'Package',
  'OnlineBooking',
  'Invoice',
];
const PREMIUM: Feature[] = ['DataExport', 'Marketing', 'AdvancedReporting', 'Goal', 'Tax'];

const accounts: Record<string, AbilityUser> = {
  trial: user({ plan: null, status: 'trialing' }),
  lite: user({ plan: 'Lite Monthly' }),
  business: user({ plan: 'Business Annual' }),
  premium: user({ plan: 'Premium Monthly' }),
  'premium read-only': user({ plan: 'Premium Monthly', status: 'expired', valid: false }),
  'premium incomplete payment': user({ plan: 'Premium Monthly', incomplete: true }),
  'API user': user({ plan: 'Lite Monthly', is_api_user: true, valid: false }),
  'lite + tax add-on': user({ plan: 'Lite Monthly', addons: ['tax'] }),
  'expired trial': user({ plan: null, status: 'trialing', valid: false }),
};

type Expected = { read: boolean; write: boolean; reason?: string };
function expected(account: string, feature: Feature): Expected {
  const readOnly = { read: true, write: false, reason: 'permissions.readOnly' };
  const business = { read: false, write: false, reason: 'permissions.availableOn.business' };
  const premium = { read: false, write: false, reason: 'permissions.availableOn.premium' };
  const all = { read: true, write: true };
  switch (account) {
    case 'trial':
    case 'premium':
    case 'API user':
      return all;
    case 'premium read-only':
    case 'premium incomplete payment':
      return readOnly;
    case 'expired trial':
      return LITE.includes(feature) ? readOnly : BUSINESS.includes(feature) ? business : premium;
    case 'business':
      return PREMIUM.includes(feature) ? premium : all;
    case 'lite + tax add-on':
      return feature === 'Tax' || LITE.includes(feature) ? all : BUSINESS.includes(feature) ? business : premium;
    case 'lite':
      return LITE.includes(feature) ? all : BUSINESS.includes(feature) ? business : premium;
  }
  throw new Error(account);
}

const cases = Object.keys(accounts).flatMap((account) =>
  FEATURES.map((feature) => [account, feature, expected(account, feature)] as const),
);

describe('defineAbilityFor: role × plan × feature (spec §6)', () => {
  it('covers every feature of the spec', () => {
    expect([...LITE, ...BUSINESS, ...PREMIUM].sort()).toEqual([...FEATURES].sort());
  });

  it.each(cases)('%s × %s → %j', (account, feature, want) => {
    const ability = defineAbilityFor(accounts[account]);
    const own = subject(feature, { user_id: 7 });
    expect(ability.can('read', own)).toBe(want.read);
    expect(ability.can('create', own)).toBe(want.write);
    expect(ability.can('delete', own)).toBe(want.write);
    // The reason of the deciding rule: the plan that offers a feature, or read-only mode for writes.
    if (want.reason) expect(refusalReason(ability, want.read ? 'create' : 'read', feature)).toBe(want.reason);
    // Never another owner's record, whatever the plan.
    expect(ability.can('read', subject(feature, { user_id: 8 }))).toBe(false);
  });
});

describe('planLevel', () => {
  it.each([
    ['Lite Monthly', 'lite'],
    ['business annual', 'business'],
    ['Premium', 'premium'],
    ['Gold', null],
    [null, null],
    ['', null],
  ])('%s → %s', (name, level) => {
    expect(planLevel(name)).toBe(level);
  });
});

describe('admins, affiliates and guests', () => {
  const admin = user({ is_admin: true, plan: null });
  const affiliate = user({ is_affiliate: true, plan: null });

  it('gives admins the admin area and users, not owners’ records', () => {
    const ability = defineAbilityFor(admin);
    expect(ability.can('read', 'AdminArea')).toBe(true);
    expect(ability.can('impersonate', subject('User', { is_admin: false }))).toBe(true);
    expect(ability.can('impersonate', subject('User', { is_admin: true }))).toBe(false);
    expect(ability.can('read', subject('Client', { user_id: 7 }))).toBe(false);
  });

  it('gives affiliates their area and code only', () => {
    const ability = defineAbilityFor(affiliate);
    expect(ability.can('read', 'AffiliateArea')).toBe(true);
    expect(ability.can('create', 'AffiliateCode')).toBe(true);
    expect(ability.can('read', 'AdminArea')).toBe(false);
    expect(ability.can('read', subject('Client', { user_id: 7 }))).toBe(false);
  });

  it('gives owners neither area', () => {
    const ability = defineAbilityFor(accounts.premium);
    expect(ability.can('read', 'AdminArea')).toBe(false);
    expect(ability.can('read', 'AffiliateArea')).toBe(false);
  });

  it('gives a guest nothing', () => {
    expect(defineAbilityFor(null).can('read', 'Client')).toBe(false);
  });
});

describe('refer a friend (Referral): role × plan × action', () => {
  const referrers: Array<[string, AbilityUser, boolean]> = [
    ...Object.entries(accounts).map(([name, account]): [string, AbilityUser, boolean] => [name, account, true]),
    ['admin', user({ is_admin: true, plan: null }), false],
    ['affiliate', user({ is_affiliate: true, plan: null }), false],
  ];

  // Every owner has a link, on any plan: a read-only owner still reads theirs and may get one (it is no business data).
  it.each(referrers)('%s → their own link: %s', (_, account, allowed) => {
    const ability = defineAbilityFor(account);
    expect(ability.can('read', subject('Referral', { user_id: 7 }))).toBe(allowed);
    expect(ability.can('create', subject('Referral', { user_id: 7 }))).toBe(allowed);
    expect(ability.can('read', subject('Referral', { user_id: 8 }))).toBe(false);
  });
});
