import { calendarSettingsOf } from '../../domain/calendar-settings';
import { todayIn } from '../../domain/dates';
import type { SessionUser } from '../infra/sessions';
import { invalid } from '../infra/domain-error';
import { phoneSearch } from '../infra/phones';
import { PAGE } from './input-bounds';
import type { ListQuery } from './resource-repository';
import type { Resource } from './schema-registry';

/** A list's query string: paging, search, sort, archived, the resource's scopes, flags and filters. */
export function listQuerySchema(resource: Resource) {
  const filters: Record<string, object> = {};
  // Booleans travel as 1/0 in query strings, like `archived` and `is_lite`.
  for (const [name, type] of Object.entries(resource.meta.filters ?? {}))
    filters[name] =
      type === 'boolean' ? { type: 'integer', enum: [0, 1] } : type === 'string' ? { type, maxLength: 255 } : { type };
  return {
    type: 'object',
    properties: {
      page: PAGE,
      per_page: { type: 'integer', minimum: 1, maximum: 100, default: 25 },
      search: { type: 'string', maxLength: 100 },
      is_lite: { type: 'integer', enum: [0, 1], default: 0 },
      sort: { type: 'string', maxLength: 64 },
      archived: { type: 'integer', enum: [0, 1], default: 0 },
      ...(resource.meta.scopes ? { scope: { type: 'string', enum: Object.keys(resource.meta.scopes) } } : {}),
      ...Object.fromEntries(
        Object.entries(resource.meta.scopeParams ?? {}).map(([p, values]) => [
          p,
          { type: 'string', enum: Object.keys(values) },
        ]),
      ),
      ...Object.fromEntries(Object.keys(resource.meta.flags ?? {}).map((f) => [f, { type: 'integer', enum: [0, 1] }])),
      ...filters,
    },
  };
}

/** The query string as validated by `listQuerySchema`. */
export type ListParams = {
  page: number;
  per_page: number;
  search?: string;
  is_lite: number;
  sort?: string;
  archived: number;
} & Record<string, unknown>;

/** The repository's list query: phone searches in E.164, and the owner's today for date flags. */
export function toListQuery(
  q: ListParams,
  resource: Resource,
  user: Pick<SessionUser, 'country' | 'region' | 'settings'>,
): ListQuery {
  const { page, per_page, sort, archived, scope, is_lite: _lite, ...filters } = q;
  return {
    page,
    perPage: per_page,
    search: searchText(q.search, resource, user.country),
    sort,
    archived: archived === 1,
    scope: chosenScope(resource, scope as string | undefined, filters),
    filters,
    today: todayIn(calendarSettingsOf(user).time_zone),
  };
}

/**
 * The scope a list is asked for: `?scope=`, or the one a scope parameter names by its value (`?is_trashed_user=1`);
 * those parameters are taken out of the filters. Two that name different scopes cannot both hold: the later is
 * refused in words.
 */
function chosenScope(resource: Resource, scope: string | undefined, filters: Record<string, unknown>) {
  let chosen = scope;
  let by = 'scope';
  for (const [param, values] of Object.entries(resource.meta.scopeParams ?? {})) {
    const value = filters[param];
    delete filters[param];
    const named = value === undefined ? null : values[String(value)];
    if (!named) continue;
    if (chosen && chosen !== named) throw invalid(param, 'validation.scopeConflict', { other: by.replace(/_/g, ' ') });
    chosen = named;
    by = param;
  }
  return chosen;
}

/** Search words as typed, or a phone number in the form the resource stores (E.164). */
export const searchText = (search: string | undefined, resource: Resource, country: string) =>
  resource.meta.phones?.length ? phoneSearch(search, country) : search;
