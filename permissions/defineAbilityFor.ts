import { createMongoAbility, type ForcedSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { PLAN_LEVELS, type Action, type PlanLevel, type Subject } from './subjects';

export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Subject>]>;
export type RawRule = RawRuleOf<AppAbility>;

/**
 * The rules as JSON: each role's file (`roles/<role>.json`) and the plan limits (`plans.json`). This module holds no
 * rules: the server reads them from disk (at start and on a reload, see rule-files.ts) and serves them to the
 * browser (`GET /api/v1/ui/permissions`), so a changed rule needs no rebuild.
 */
export interface PermissionRules {
  roles: { user: RawRule[]; admin: RawRule[]; affiliate: RawRule[] };
  plans: Record<PlanLevel | 'readOnly', RawRule[]>;
}

/** The part of a user the rules read: the shape of GET /api/v1/user, on the server and in the browser. */
export interface AbilityUser {
  id: number;
  is_admin: boolean;
  is_affiliate: boolean;
  is_api_user: boolean;
  /** An admin opened marketing to this owner whatever their plan (spec §6). */
  marketing_available?: boolean;
  subscription: {
    plan_name: string | null;
    status: string;
    valid: boolean;
    has_incomplete_payment: boolean;
    addons: string[];
  };
}

/** Spec §6: the plan level is the first word of the plan name ("Business Annual" → business). */
export function planLevel(planName: string | null | undefined): PlanLevel | null {
  const word = (planName ?? '').trim().split(/\s+/)[0]?.toLowerCase();
  return (PLAN_LEVELS as readonly string[]).includes(word) ? (word as PlanLevel) : null;
}

/** Read-only mode (spec §4): an invalid or expired subscription, or an incomplete payment. API users never. */
export function isReadOnly(user: AbilityUser): boolean {
  return !user.is_api_user && (!user.subscription.valid || user.subscription.has_incomplete_payment);
}

/** Replaces `${user.id}`-style placeholders in rule conditions with the user's values. */
function interpolate(rules: unknown[], user: AbilityUser): RawRule[] {
  const json = JSON.stringify(rules).replace(/"\$\{user\.(\w+)\}"/g, (_, key: string) =>
    JSON.stringify((user as unknown as Record<string, unknown>)[key] ?? null),
  );
  return JSON.parse(json) as RawRule[];
}

/** The plan's "cannot" rules, less what add-ons grant (the tax add-on grants Tax) and what an admin opened (Marketing). */
function planRules(user: AbilityUser, plans: PermissionRules['plans']): RawRule[] {
  const { subscription } = user;
  const trialing = subscription.status === 'trialing' && subscription.valid;
  const level = planLevel(subscription.plan_name);
  // A trial grants all features; premium and API users get everything.
  if (trialing || user.is_api_user || level === 'premium') return [];
  const granted = new Set<string>([
    ...(subscription.addons.includes('tax') ? ['Tax'] : []),
    ...(user.marketing_available ? ['Marketing'] : []),
  ]);
  return plans[level ?? 'lite'].map((rule) => ({
    ...rule,
    subject: (rule.subject as string[]).filter((s) => !granted.has(s)) as Subject[],
  }));
}

/**
 * The one place that turns a user into abilities. Pure: no I/O, the same on server and browser.
 * Rules come in CASL order — general grants first, plan limits and read-only mode after, each with a reason.
 * `rules` are the caller's current ones: the server's schema store (`app.schemas.current.rules`), the browser's
 * `GET /api/v1/ui/permissions`.
 * @example defineAbilityFor(user, rules).can('read', subject('Client', { user_id: user.id }))
 */
export function defineAbilityFor(user: AbilityUser | null, rules: PermissionRules): AppAbility {
  if (!user) return createMongoAbility<AppAbility>([]);
  const { roles, plans } = rules;
  if (user.is_admin) return createMongoAbility<AppAbility>(interpolate(roles.admin, user));
  if (user.is_affiliate) return createMongoAbility<AppAbility>(interpolate(roles.affiliate, user));
  const granted = [...interpolate(roles.user, user), ...planRules(user, plans)];
  if (isReadOnly(user)) granted.push(...plans.readOnly);
  return createMongoAbility<AppAbility>(granted);
}

/** Why an action is refused: the i18n key of the deciding rule's reason, or the generic one. */
export function refusalReason(ability: AppAbility, action: Action, subject: Subject): string {
  return ability.relevantRuleFor(action, subject)?.reason ?? 'auth.forbidden';
}
