import type { AbilityUser, AppAbility } from '../../permissions/defineAbilityFor';
import type { Action, Subject } from '../../permissions/subjects';
import type { Gate } from '@soloist/renderer';
import { canFor, refusalOf } from './session';

export const SUBSCRIPTION_PAGE = '/account-setup/subscription/details';

type Verdict = string | { message: string; link?: { to: string; label: string } } | null;

/**
 * A screen's gate for `user` (spec §2/§6): gated forms need a valid subscription (API users bypass); a feature the
 * plan lacks says which plan offers it, with the way up; anything else the role may not do goes to the dashboard.
 * The app asks it for whoever is signed in, and the screen editor's preview for whomever it draws a screen as.
 */
export function gateVerdict(
  gate: Gate | undefined,
  user: AbilityUser | null | undefined,
  ability: AppAbility | null,
  t: (key: string) => string,
): Verdict {
  if (!gate || !user) return null;
  if (gate.subscription && !user.subscription.valid && !user.is_api_user) return SUBSCRIPTION_PAGE;
  if (gate.subject && gate.action && !canFor(ability)(gate.action, gate.subject)) {
    const reason = ability ? refusalOf(ability, gate.action as Action, gate.subject as Subject) : '';
    // The way up: the message links to the plans (spec §6 names the subscription page).
    return reason.startsWith('permissions.availableOn.')
      ? { message: t(reason), link: { to: SUBSCRIPTION_PAGE, label: t('permissions.seePlans') } }
      : '/dashboard';
  }
  return null;
}
