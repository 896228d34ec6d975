import { createMongoAbility, type ForcedSubject, type MongoAbility, type RawRuleOf } from '@casl/ability';
import adminRules from './roles/admin.json';
import affiliateRules from './roles/affiliate.json';
import userRules from './roles/user.json';
import type { Action, Subject } from './subjects';

export type AppAbility = MongoAbility<[Action, Subject | ForcedSubject<Subject>]>;
type RawRule = RawRuleOf<AppAbility>;

/** The part of a user the rules depend on; both the server's session user and the browser's /user fit it. */
export interface AbilityUser {
  id: number;
  is_admin: boolean;
  is_affiliate: boolean;
}

/** Replaces `${user.id}`-style placeholders in rule conditions with the user's values. */
function interpolate(rules: unknown[], user: AbilityUser): RawRule[] {
  const json = JSON.stringify(rules).replace(/"\$\{user\.(\w+)\}"/g, (_, key: string) =>
    JSON.stringify((user as unknown as Record<string, unknown>)[key] ?? null),
  );
  return JSON.parse(json) as RawRule[];
}

/**
 * The one place that turns a user into abilities. Pure: no I/O, the same on server and browser.
 * @example defineAbilityFor({ id: 7, is_admin: false, is_affiliate: false }).can('read', subject('Client', { user_id: 7 }))
 */
export function defineAbilityFor(user: AbilityUser | null): AppAbility {
  if (!user) return createMongoAbility<AppAbility>([]);
  const roleRules = user.is_admin ? adminRules : user.is_affiliate ? affiliateRules : userRules;
  return createMongoAbility<AppAbility>(interpolate(roleRules, user));
}
