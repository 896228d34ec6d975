import type { TFunction } from 'i18next';
import { bundleById } from '../../../domain/credits';
import { planById } from '../../../domain/plans';
import type { PaidFor } from '../../infra/billing/provider';

/** A payment's line in the history, in the owner's language: "Premium · Monthly", "Add-on: Tax", "100 SMS credits". */
export function paidForText(t: TFunction, paidFor: PaidFor | null): string | null {
  if (!paidFor) return null;
  if (paidFor.kind === 'bundle') {
    const bundle = bundleById(paidFor.id);
    return bundle ? t(`billing.paidFor.${bundle.type}`, { count: bundle.credits }) : null;
  }
  if (paidFor.kind === 'addon') return t('billing.paidFor.addon', { addon: t(`billing.addons.${paidFor.id}.name`) });
  const plan = planById(paidFor.id);
  return plan ? `${t(`billing.levels.${plan.level}`)} · ${t(`billing.${plan.interval}`)}` : null;
}
