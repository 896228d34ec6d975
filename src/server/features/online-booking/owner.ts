import type { AppAbility, PermissionRules } from '../../../../permissions/defineAbilityFor';
import { abilityFor } from '../../infra/abilities';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { todayIn } from '../../../domain/dates';
import { sql } from 'kysely';
import { prepared, type Db } from '../../db/database';
import { toSessionUser, type SessionUser } from '../../infra/sessions';
import { abilitySubject } from '../../infra/users';
import { bookingSettingsOf, type BookingSettings } from '../../core/booking-settings';

export interface PublicOwner {
  user: SessionUser;
  settings: BookingSettings;
  name: string;
  /** What the owner's plan lets their page offer, by the rules current when the owner was looked up. */
  ability: AppAbility;
  /** The owner has a card provider of their own connected: only then are deposits and purchases paid online. */
  cardPayments: boolean;
}

/** The date it is now where the owner lives: their page's days (classes, expiry) are theirs, not the server's. */
export const ownerToday = (owner: PublicOwner, now: number = Date.now()): string =>
  todayIn(calendarSettingsOf(owner.user).time_zone, now);

/** Every public page's request reads its owner and their card provider: built and compiled once. */
const ownerRow = prepared((db: Db, slug: string) =>
  db.selectFrom('users').selectAll().where('booking_slug', '=', slug).where('deleted_at', 'is', null),
);
const cardProvider = prepared((db: Db, owner: number) =>
  db
    .selectFrom('integrations')
    .select('id')
    .where('user_id', '=', owner)
    .where('kind', '=', sql.lit('payments'))
    .where('status', '=', sql.lit('connected')),
);

/** The owner whose page is at `slug`, their abilities by `rules` (the schema store's current ones). */
export async function ownerBySlug(db: Db, slug: string, rules: PermissionRules): Promise<PublicOwner | null> {
  const [row] = await ownerRow(db, slug);
  if (!row) return null;
  const user = toSessionUser(row as unknown as Record<string, unknown>);
  const [card] = await cardProvider(db, row.id);
  const settings = bookingSettingsOf(user, row.booking_slug);
  // Without a card provider of the owner's own, nothing is paid online: no deposits asked for.
  if (!card) settings.deposit_mode = 'none';
  return {
    user,
    cardPayments: card !== undefined,
    settings,
    name: `${user.first_name} ${user.last_name}`.trim(),
    ability: abilityFor(abilitySubject(user), rules),
  };
}
