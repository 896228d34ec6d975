import path from 'node:path';
import { readPermissionRules } from '../../../permissions/rule-files';
import { abilityFor, loadPermissions, RULES_URL, type CurrentUser } from '../../../src/app/session';

const rules = readPermissionRules(path.resolve(__dirname, '../../../permissions'));

const owner = (plan: string) =>
  ({
    id: 7,
    is_admin: false,
    is_affiliate: false,
    is_api_user: false,
    subscription: { plan_name: plan, status: 'active', valid: true, has_incomplete_payment: false, addons: [] },
  }) as unknown as CurrentUser;

describe("the browser's abilities", () => {
  it('are built from the rules the server sends, asked for once by calls made together', async () => {
    const getJson = jest.fn(async (_url: string) => ({ data: rules }) as never);
    expect(abilityFor(owner('Lite'))).toBeNull();
    await Promise.all([loadPermissions({ getJson }), loadPermissions({ getJson })]);
    expect(getJson.mock.calls).toEqual([[RULES_URL]]);
    expect(abilityFor(owner('Lite'))!.can('read', 'Client')).toBe(true);
    expect(abilityFor(owner('Lite'))!.can('read', 'Class')).toBe(false);
    expect(abilityFor(null)).toBeNull();
  });

  it('follow the rules the server has now, not rules bundled with the code', async () => {
    const changed = JSON.parse(JSON.stringify(rules)) as typeof rules;
    (changed.plans.lite[0].subject as string[]).push('Client');
    await loadPermissions({ getJson: async () => ({ data: changed }) as never });
    expect(abilityFor(owner('Lite'))!.can('read', 'Client')).toBe(false);
    expect(abilityFor(owner('Business Monthly'))!.can('read', 'Client')).toBe(true);
  });
});
