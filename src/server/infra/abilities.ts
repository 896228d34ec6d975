import {
  defineAbilityFor,
  type AbilityUser,
  type AppAbility,
  type PermissionRules,
} from '../../../permissions/defineAbilityFor';

/** Abilities kept per rule set: a reload brings a new set, and the abilities built from the old one go with it. */
const kept = new WeakMap<PermissionRules, Map<string, AppAbility>>();
const LIMIT = 10_000;

/**
 * The ability of a user under a rule set, built once for equal users: an ability is a pure function of the user's
 * fields the rules read and of the rules, and building CASL rules on every request is measurable on the hot paths
 * (every signed-in request, every public booking page). Bounded; keyed by every field of the subject.
 */
export function abilityFor(subject: AbilityUser | null, rules: PermissionRules): AppAbility {
  let abilities = kept.get(rules);
  if (!abilities || abilities.size >= LIMIT) kept.set(rules, (abilities = new Map()));
  const key = subject ? JSON.stringify(subject) : '';
  let ability = abilities.get(key);
  if (!ability) abilities.set(key, (ability = defineAbilityFor(subject, rules)));
  return ability;
}
