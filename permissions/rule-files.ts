import fs from 'node:fs';
import path from 'node:path';
import { subject as asSubject } from '@casl/ability';
import { defineAbilityFor, type AbilityUser, type PermissionRules, type RawRule } from './defineAbilityFor';
import { ACTIONS, PLAN_LEVELS, SUBJECTS, type Subject } from './subjects';

const ROLES = ['user', 'admin', 'affiliate'] as const;
const PLANS = [...PLAN_LEVELS, 'readOnly'] as const;

function readJson(dir: string, file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch (err) {
    throw new Error(`permissions/${file}: ${(err as Error).message}`);
  }
}

/**
 * Reads the rules from a permissions folder: every `roles/*.json` (named by its file) and `plans.json`. Node only:
 * the server calls it at start and on a reload; the browser gets the result from `GET /api/v1/ui/permissions`.
 * Throws one readable error naming the file when a rule is malformed (see ruleProblems).
 */
export function readPermissionRules(dir: string): PermissionRules {
  const roleFiles = fs.existsSync(path.join(dir, 'roles'))
    ? fs.readdirSync(path.join(dir, 'roles')).filter((f) => f.endsWith('.json'))
    : [];
  const roles = Object.fromEntries(
    roleFiles.sort().map((f) => [f.replace(/\.json$/, ''), readJson(dir, `roles/${f}`)]),
  ) as PermissionRules['roles'];
  const rules = { roles, plans: readJson(dir, 'plans.json') as PermissionRules['plans'] };
  const problems = ruleProblems(rules);
  if (problems.length) throw new Error(`permission rules are not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  return rules;
}

const names = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

function checkRule(rule: RawRule, where: string, problems: string[]): void {
  if (!rule || typeof rule !== 'object') return void problems.push(`${where}: a rule must be an object`);
  for (const a of names(rule.action))
    if (!(ACTIONS as readonly unknown[]).includes(a)) problems.push(`${where}/action: unknown action "${String(a)}"`);
  for (const s of names(rule.subject))
    if (!(SUBJECTS as readonly unknown[]).includes(s))
      problems.push(`${where}/subject: unknown subject "${String(s)}"`);
  if (rule.conditions !== undefined && (typeof rule.conditions !== 'object' || rule.conditions === null))
    problems.push(`${where}/conditions: must be an object`);
  if (rule.inverted !== undefined && typeof rule.inverted !== 'boolean')
    problems.push(`${where}/inverted: must be true or false`);
  if (rule.reason !== undefined && typeof rule.reason !== 'string') problems.push(`${where}/reason: must be a key`);
}

const sampleUser = (fields: Partial<AbilityUser>): AbilityUser => ({
  id: 1,
  is_admin: false,
  is_affiliate: false,
  is_api_user: false,
  subscription: { plan_name: 'Lite', status: 'active', valid: false, has_incomplete_payment: false, addons: [] },
  ...fields,
});

/**
 * What is wrong with a set of rules, each problem with its place: every role and plan present as a list of rules,
 * every action and subject one `subjects.ts` names, and every role's abilities buildable and answerable for each
 * subject (CASL compiles conditions when first asked, so a bad operator shows here, not in a request).
 */
export function ruleProblems(rules: PermissionRules): string[] {
  const problems: string[] = [];
  const lists: Array<[string, unknown]> = [
    ...ROLES.map((r): [string, unknown] => [`roles/${r}.json`, (rules.roles as Record<string, unknown>)[r]]),
    ...PLANS.map((p): [string, unknown] => [`plans.json#/${p}`, (rules.plans as Record<string, unknown>)?.[p]]),
  ];
  for (const [where, list] of lists) {
    if (!Array.isArray(list)) problems.push(`${where}: must be a list of rules`);
    else list.forEach((rule: RawRule, i) => checkRule(rule, `${where}#/${i}`, problems));
  }
  if (problems.length) return problems;
  const users = [
    sampleUser({}),
    sampleUser({ is_admin: true }),
    sampleUser({ is_affiliate: true }),
    sampleUser({
      subscription: { plan_name: 'Business', status: 'active', valid: true, has_incomplete_payment: false, addons: [] },
    }),
  ];
  for (const user of users) {
    try {
      const ability = defineAbilityFor(user, rules);
      for (const s of SUBJECTS) ability.can('read', asSubject(s as Subject, { id: 1, user_id: 1 }));
    } catch (err) {
      problems.push(`rules cannot be applied: ${(err as Error).message}`);
      break;
    }
  }
  return problems;
}
