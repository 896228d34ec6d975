import type { TFunction } from 'i18next';
import type { AbilityUser } from '../../permissions/defineAbilityFor';
import { PLAN_LEVELS } from '../../permissions/subjects';
import type { PreviewIdentity } from '@soloist/renderer';
import { gateVerdict } from './gates';
import { abilityFor, canFor } from './session';

const someone = (plan: string | null, status: string, valid: boolean): AbilityUser => ({
  id: 0,
  is_admin: false,
  is_affiliate: false,
  is_api_user: false,
  marketing_available: false,
  subscription: { plan_name: plan, status, valid, has_incomplete_payment: false, addons: [] },
});

/**
 * Whom an admin previews a screen as (the screen editor): an owner on a trial, on each plan and in read-only mode,
 * an admin and an affiliate — each with the abilities the same rules give them and the gates the app applies.
 */
export function previewIdentities(t: TFunction): PreviewIdentity[] {
  const level = (name: string) => String(t(`billing.levels.${name}`));
  const who: Array<[string, string, AbilityUser]> = [
    ['trial', String(t('screenEditor.as.trial')), someone('Premium', 'trialing', true)],
    ...PLAN_LEVELS.map((plan): [string, string, AbilityUser] => [
      plan,
      String(t('screenEditor.as.owner', { plan: level(plan) })),
      someone(level(plan), 'active', true),
    ]),
    ['read-only', String(t('screenEditor.as.readOnly')), someone('Lite', 'canceled', false)],
    ['admin', String(t('screenEditor.as.admin')), { ...someone(null, 'active', true), is_admin: true }],
    ['affiliate', String(t('screenEditor.as.affiliate')), { ...someone(null, 'active', true), is_affiliate: true }],
  ];
  return who.map(([id, label, user]) => {
    const ability = abilityFor(user);
    return {
      id,
      label,
      can: canFor(ability),
      checkGate: (gate) => gateVerdict(gate, user, ability, (key) => String(t(key))),
    };
  });
}
