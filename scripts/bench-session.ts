import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * A session for `userId`, written as a sign-in writes it (the cookie's hash, a day to live, CSRF token 'x'), for a
 * bench that calls the routes as that user: answers the `soloist_session` cookie's value.
 */
export function benchSession(app: FastifyInstance, userId: number): string {
  const cookie = crypto.randomBytes(32).toString('base64url');
  app.dbHandle
    .sqlite!.prepare(`insert into sessions (id, user_id, csrf_token, expires_at, created_at) values (?, ?, 'x', ?, ?)`)
    .run(
      crypto.createHash('sha256').update(cookie).digest('hex'),
      userId,
      new Date(Date.now() + 86_400_000).toISOString(),
      new Date().toISOString(),
    );
  return cookie;
}
