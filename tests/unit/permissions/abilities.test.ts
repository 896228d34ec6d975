import { subject } from '@casl/ability';
import { defineAbilityFor } from '../../../permissions/defineAbilityFor';

const owner = { id: 7, is_admin: false, is_affiliate: false };
const admin = { id: 1, is_admin: true, is_affiliate: false };
const affiliate = { id: 2, is_admin: false, is_affiliate: true };

describe('defineAbilityFor', () => {
  it.each([
    ['owner', owner, 'read', { user_id: 7 }, true],
    ['owner', owner, 'update', { user_id: 7 }, true],
    ['owner', owner, 'delete', { user_id: 7 }, true],
    ['owner', owner, 'export', { user_id: 7 }, true],
    ['owner', owner, 'read', { user_id: 8 }, false],
    ['owner', owner, 'update', { user_id: 8 }, false],
    ['owner', owner, 'delete', { user_id: 8 }, false],
    ['admin', admin, 'read', { user_id: 1 }, false],
    ['affiliate', affiliate, 'read', { user_id: 2 }, false],
  ] as const)('%s %s a Client of user %j → %s', (_role, user, action, client, allowed) => {
    expect(defineAbilityFor(user).can(action, subject('Client', { ...client }))).toBe(allowed);
  });

  it('gives a guest nothing', () => {
    expect(defineAbilityFor(null).can('read', 'Client')).toBe(false);
  });

  it('gives admins and affiliates their own areas only', () => {
    expect(defineAbilityFor(admin).can('read', 'AdminArea')).toBe(true);
    expect(defineAbilityFor(owner).can('read', 'AdminArea')).toBe(false);
    expect(defineAbilityFor(affiliate).can('read', 'AffiliateArea')).toBe(true);
  });
});
