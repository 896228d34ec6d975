import crypto from 'node:crypto';
import { daysAfter } from '../../src/domain/subscription';
import { runHousekeeping } from '../../src/server/jobs/housekeeping';
import { createUser, testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const now = new Date('2027-03-01T12:00:00Z');
const at = (days: number) => daysAfter(now, days).toISOString();
const token = () => crypto.randomBytes(16).toString('hex');

describe('housekeeping', () => {
  it('deletes what has expired, keeps what is live or may still be paid for, and repeats safely', async () => {
    const db = t.app.db;
    const { id: userId } = await createUser(t.app);
    const created_at = at(-60);

    await db
      .insertInto('sessions')
      .values([
        { id: 'session-over', user_id: userId, csrf_token: 'x', expires_at: at(-1), created_at },
        { id: 'session-live', user_id: userId, csrf_token: 'x', expires_at: at(1), created_at },
      ])
      .execute();
    await db
      .insertInto('password_resets')
      .values([
        { user_id: userId, token_hash: 'reset-over', expires_at: at(-0.01), used_at: null, created_at },
        { user_id: userId, token_hash: 'reset-live', expires_at: at(0.01), used_at: null, created_at },
      ])
      .execute();
    await db
      .insertInto('rate_limits')
      .values([
        { key: 'limit-spent', hits: 3, reset_at: now.getTime() - 1000 },
        { key: 'limit-running', hits: 3, reset_at: now.getTime() + 1000 },
      ])
      .execute();
    const code = (hash: string, expires_at: string) => ({
      user_id: userId,
      token_hash: hash,
      channel: 'email',
      destination: 'a@b.test',
      code_hash: 'h',
      attempts: 0,
      expires_at,
      used_at: null,
      created_at,
    });
    await db
      .insertInto('booking_codes')
      .values([code('code-over', at(-0.01)), code('code-live', at(0.01))])
      .execute();

    const bookingSession = async (expires_at: string) =>
      (
        await db
          .insertInto('booking_sessions')
          .values({
            user_id: userId,
            token_hash: token(),
            channel: 'email',
            destination: 'a@b.test',
            client_id: null,
            expires_at,
            created_at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const live = await bookingSession(at(20));
    const longGone = await bookingSession(at(-31));
    const hold = (booking_session_id: number, status: string, expires_at: string, ref: string) => ({
      user_id: userId,
      token_hash: ref,
      booking_session_id,
      service_id: null,
      class_session_id: null,
      date: '2027-03-05',
      start_time: '10:00',
      starts_at: '2027-03-05T10:00:00.000Z',
      ends_at: '2027-03-05T11:00:00.000Z',
      blocks: '[]',
      expires_at,
      status,
      deposit: 0,
      details: null,
      payment_ref: null,
      appointment_id: null,
      created_at,
    });
    await db
      .insertInto('slot_holds')
      .values([
        hold(live, 'held', at(-2), 'held-over'),
        hold(live, 'released', at(-2), 'released-over'),
        hold(live, 'held', at(-0.5), 'held-just-expired'), // within a day: kept
        hold(live, 'paying', at(-2), 'paying-late'), // a payment notice may still come
        hold(live, 'booked', at(-2), 'booked'),
        hold(longGone, 'paying', at(-31), 'paying-gone'),
      ])
      .execute();
    await db
      .insertInto('online_purchases')
      .values({
        user_id: userId,
        booking_session_id: longGone,
        kind: 'voucher',
        gift_voucher_id: null,
        package_id: null,
        amount: 1000,
        status: 'paying',
        payment_ref: null,
        details: null,
        sale_id: null,
        expires_at: at(-31),
        created_at,
      })
      .execute();

    // The embedded queue's jobs: kept a week after they ran (a month when they failed); waiting ones always.
    const job = (key: string, status: 'waiting' | 'done' | 'failed', finishedDaysAgo: number | null) => ({
      name: 'housekeeping-test',
      key,
      data: 'null',
      status,
      max_attempts: 1,
      run_at: at(-40),
      created_at: at(-40),
      finished_at: finishedDaysAgo === null ? null : at(-finishedDaysAgo),
    });
    await db
      .insertInto('jobs')
      .values([
        job('hk-done-old', 'done', 8),
        job('hk-done-recent', 'done', 6),
        job('hk-failed-old', 'failed', 31),
        job('hk-failed-recent', 'failed', 8),
        job('hk-waiting', 'waiting', null),
      ])
      .execute();

    // Export-information archives: kept a month after they were made.
    const archive = (file_name: string, daysAgo: number) => ({
      user_id: userId,
      kind: 'manual',
      status: 'ready',
      parts: '["clients"]',
      format: 'csv',
      delivery: 'download',
      file_name,
      created_at: at(-daysAgo),
    });
    await db
      .insertInto('data_exports')
      .values([archive('old.zip', 31), archive('recent.zip', 29)])
      .execute();

    expect(await runHousekeeping(db, now)).toEqual({
      dataExports: 1,
      jobs: 2,
      sessions: 1,
      passwordResets: 1,
      rateLimits: 1,
      bookingCodes: 1,
      holds: 2,
      bookingSessions: 1,
    });

    expect(
      (await db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).map((r) => r.id),
    ).toEqual(['session-live']);
    expect(
      (await db.selectFrom('password_resets').select('token_hash').where('user_id', '=', userId).execute()).map(
        (r) => r.token_hash,
      ),
    ).toEqual(['reset-live']);
    expect(
      (await db.selectFrom('rate_limits').select('key').where('key', 'like', 'limit-%').execute()).map((r) => r.key),
    ).toEqual(['limit-running']);
    expect(
      (await db.selectFrom('booking_codes').select('token_hash').where('user_id', '=', userId).execute()).map(
        (r) => r.token_hash,
      ),
    ).toEqual(['code-live']);
    expect(
      (
        await db.selectFrom('slot_holds').select('token_hash').where('user_id', '=', userId).orderBy('id').execute()
      ).map((r) => r.token_hash),
    ).toEqual(['held-just-expired', 'paying-late', 'booked']);
    expect(
      (await db.selectFrom('booking_sessions').select('id').where('user_id', '=', userId).execute()).map((r) => r.id),
    ).toEqual([live]);
    expect(await db.selectFrom('online_purchases').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(
      (await db.selectFrom('jobs').select('key').where('name', '=', 'housekeeping-test').orderBy('key').execute()).map(
        (r) => r.key,
      ),
    ).toEqual(['hk-done-recent', 'hk-failed-recent', 'hk-waiting']);
    expect(
      (await db.selectFrom('data_exports').select('file_name').where('user_id', '=', userId).execute()).map(
        (r) => r.file_name,
      ),
    ).toEqual(['recent.zip']);

    expect(await runHousekeeping(db, now)).toEqual({
      dataExports: 0,
      jobs: 0,
      sessions: 0,
      passwordResets: 0,
      rateLimits: 0,
      bookingCodes: 0,
      holds: 0,
      bookingSessions: 0,
    });
  });
});
