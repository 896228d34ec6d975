import { CODE_ATTEMPTS } from '../../../src/server/features/online-booking/codes';
import { Agent, loggedIn, testApp, type TestApp } from '../../helpers/app';

let t: TestApp;
let ownerId: number;
let guests = 0;
beforeAll(async () => {
  t = await testApp();
  const { agent: owner, user } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
  ownerId = user.id;
  const service = (await owner.post('/api/v1/services', { title: 'Consultation', price: 0, duration: 30 })).json().data;
  const res = await owner.put('/api/v1/user/booking-settings', {
    enabled: true,
    slug: 'guess-studio',
    service_ids: [service.id],
    class_ids: [],
    package_ids: [],
    existing_clients_only: false,
    block_new_bookings: false,
    remember_days: 30,
    deposit_mode: 'none',
  });
  expect(res.statusCode).toBe(200);
});
afterAll(async () => t.close());

/** A code sent to a new address; answers its token and the code from the outbox. */
async function sentCode(email: string) {
  const guest = new Agent(t.app);
  guest.ip = `203.0.113.${++guests}`;
  await guest.get('/sanctum/csrf-cookie');
  const sent = await guest.post('/api/v1/online-booking/guess-studio/codes', { channel: 'email', destination: email });
  expect(sent.statusCode).toBe(200);
  const mail = await t.app.db
    .selectFrom('outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { guest, token: sent.json().data.token as string, code: /\b(\d{6})\b/.exec(mail.body)![1] };
}

const wrong = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');

describe('concurrent guesses at one verification code', () => {
  it(`a burst of 19 wrong guesses and the right one has at most ${CODE_ATTEMPTS} compared; the right code then no longer opens a session`, async () => {
    const { guest, token, code } = await sentCode('burst@example.com');
    const guesses = [...Array.from({ length: 19 }, (_, i) => wrong(code, i)), code];
    // Each guess from its own address, so only the code's own limit is in play.
    const results = await Promise.all(
      guesses.map(async (g, i) => {
        const agent = new Agent(t.app);
        agent.ip = `198.18.0.${i + 1}`;
        agent.cookies = { ...guest.cookies };
        const res = await agent.post('/api/v1/online-booking/guess-studio/codes/verify', { token, code: g });
        return { res, right: g === code };
      }),
    );
    const messages = results.map(({ res }) => res.json().message ?? res.json().errors?.code?.[0]);
    // Compared guesses answer "incorrect" (or, the last one allowed, "too many"), or open a session; the others are
    // refused before any comparison. Never more than CODE_ATTEMPTS compared, so at most CODE_ATTEMPTS - 1 "incorrect".
    const incorrect = messages.filter((m) => m === 'The code is incorrect.').length;
    const opened = results.filter(({ res }) => res.statusCode === 200).length;
    expect(incorrect + opened).toBeLessThanOrEqual(CODE_ATTEMPTS);
    expect(incorrect).toBeLessThanOrEqual(CODE_ATTEMPTS - 1);
    const row = await t.app.db
      .selectFrom('booking_codes')
      .select(['attempts'])
      .where('user_id', '=', ownerId)
      .where('destination', '=', 'burst@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(row.attempts)).toBe(CODE_ATTEMPTS);
    expect(
      await t.app.db
        .selectFrom('booking_sessions')
        .select('id')
        .where('destination', '=', 'burst@example.com')
        .execute(),
    ).toHaveLength(opened);
    // Spent: the right code is refused whatever happened in the burst.
    const after = await guest.post('/api/v1/online-booking/guess-studio/codes/verify', { token, code });
    expect(after.statusCode).toBe(422);
  });

  it('the right code typed twice at once opens one session', async () => {
    const { guest, token, code } = await sentCode('twice@example.com');
    const results = await Promise.all(
      [0, 1].map(async (i) => {
        const agent = new Agent(t.app);
        agent.ip = `198.19.0.${i + 1}`;
        agent.cookies = { ...guest.cookies };
        return agent.post('/api/v1/online-booking/guess-studio/codes/verify', { token, code });
      }),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(
      await t.app.db
        .selectFrom('booking_sessions')
        .select('id')
        .where('destination', '=', 'twice@example.com')
        .execute(),
    ).toHaveLength(1);
  });
});
