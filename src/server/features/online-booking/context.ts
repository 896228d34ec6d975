import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FromSchema } from 'json-schema-to-ts';
import { DomainError, invalid, notFound } from '../../infra/domain-error';
import type { I18n } from '../../infra/i18n';
import { refusedByLimits, type Limit } from '../../infra/rate-limit';
import { assertOpen } from './offerings';
import { ownerBySlug, type PublicOwner } from './owner';
import { offeredPackages, offeredVouchers } from './purchases';
import { type BookingSession, findBookingSession } from './sessions';

/** What the online-booking services need from the app: its database and senders, links and languages. */
export interface BookingDeps {
  app: FastifyInstance;
  appUrl: string;
  i18n: I18n;
}

/**
 * The verified client's cookie, scoped to the page: its API path, and the page's own address, so the page a
 * browser opens (a new tab, after a restart) carries the client it knows in its first answer (first-screen.ts).
 */
export const BOOKING_COOKIE = 'soloist_booking';
export const cookiePaths = (slug: string) => [`/api/v1/online-booking/${slug}`, `/online-booking/${slug}`];
/** Public calls: no login, no CSRF token (the cookie is the page's own). */
export const pub = { access: 'public' as const };

export const DATE = { type: 'string', format: 'date' } as const;
export const MAX_DAYS = 62;
export const RANGE = { type: 'object', required: ['from', 'to'], properties: { from: DATE, to: DATE } } as const;
export const slugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', maxLength: 64 } },
} as const;
export type SlugParams = FromSchema<typeof slugParams>;
/** A request on an owner's page: its path names the page by its slug. */
export type PageRequest = FastifyRequest & { params: SlugParams };

/** `from`–`to` of the query (RANGE), at most MAX_DAYS apart. */
export function dateRange({ from, to }: { from: string; to: string }): { from: string; to: string } {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000;
  if (days < 0 || days > MAX_DAYS) throw invalid('to', 'validation.range', { max: MAX_DAYS });
  return { from, to };
}

/**
 * Code requests per address and per destination, verification tries and voucher codes tried per address, in
 * 15-minute windows.
 */
export const LIMITS: Record<string, Limit> = {
  codeAddress: { max: 20, window: 900 },
  codeDestination: { max: 5, window: 900 },
  verifyAddress: { max: 30, window: 900 },
  voucherAddress: { max: 30, window: 900 },
};

/** True after answering 429 when one of the checks is over its limit. */
export const limited = (deps: BookingDeps, req: FastifyRequest, reply: FastifyReply, checks: Array<[string, Limit]>) =>
  refusedByLimits(deps.app.limiter, reply, checks, (seconds) => req.t('booking.tooMany', { seconds }));

/** The page's owner, by the slug in the path. */
export async function ownerOf(deps: Pick<BookingDeps, 'app'>, req: PageRequest): Promise<PublicOwner> {
  const owner = await ownerBySlug(deps.app.db, req.params.slug, deps.app.schemas.current.rules);
  if (!owner) throw notFound();
  return owner;
}

/** The client this device verified on the owner's page; 401 before they have. */
export async function verified(deps: Pick<BookingDeps, 'app'>, req: FastifyRequest, owner: PublicOwner) {
  const session = await findBookingSession(deps.app.db, owner.user.id, req.cookies[BOOKING_COOKIE]);
  if (!session) throw new DomainError(401, 'booking.verifyFirst');
  return session;
}

/** The page takes bookings (spec §5); vouchers and packages on sale count as offerings too. */
export const open = (deps: Pick<BookingDeps, 'app'>, owner: PublicOwner) =>
  assertOpen(
    deps.app.db,
    owner,
    async () =>
      (await offeredVouchers(deps.app.db, owner)).length > 0 || (await offeredPackages(deps.app.db, owner)).length > 0,
  );

/** The page's owner and the client this device verified on it. */
export interface PageClient {
  owner: PublicOwner;
  session: BookingSession;
}

const pageClients = new WeakMap<FastifyRequest, PageClient>();

/**
 * The preamble of a verified client's calls on an owner's page, as the route's preHandler: the page's owner by the
 * slug (404), the page taking bookings when `mustBeOpen` (spec §5), and the client this device verified (401).
 * The handler takes what it found with `pageClientOf(req)`.
 */
export const verifiedClient = (deps: Pick<BookingDeps, 'app'>, mustBeOpen: boolean) => async (req: PageRequest) => {
  const owner = await ownerOf(deps, req);
  if (mustBeOpen) await open(deps, owner);
  pageClients.set(req, { owner, session: await verified(deps, req, owner) });
};

/** What the route's `verifiedClient` preHandler found. */
export function pageClientOf(req: FastifyRequest): PageClient {
  const found = pageClients.get(req);
  if (!found) throw new Error('pageClientOf: the route has no verifiedClient preHandler');
  return found;
}
