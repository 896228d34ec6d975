import { Agent, secondApp, type TestApp } from '../../helpers/app';
import { bookingStudio, MONDAY, studioClient, type Studio } from '../../helpers/booking-studio';
import { bookableStarts, keptBookableTimes } from '../../../src/server/features/availability';
import { toSessionUser } from '../../../src/server/infra/sessions';

/**
 * The public slots are kept per owner in each process until something they are made of is written. After every
 * kind of write — through the routes, straight into the database, or through a second process on the same data —
 * the slots the page answers are the ones computed afresh, and a lapsed hold frees its time without any write.
 */
const studio: Studio = bookingStudio();
const RANGE = `from=${MONDAY}&to=2027-03-05`;
let t: Studio['t'];

const slotsPath = (service: string) => `/api/v1/online-booking/hart-studio/services/${service}/slots?${RANGE}`;
async function served(app = t.app, service = studio.services.colour.public_id): Promise<string[]> {
  const res = await new Agent(app).get(slotsPath(service));
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  return res.json().data;
}
const owner = async () =>
  toSessionUser(
    (await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', studio.ownerId)
      .executeTakeFirstOrThrow()) as never,
  );
const iso = (starts: number[]) => starts.map((s) => new Date(s).toISOString());
/** What the slots are when computed from the database now, nothing kept. */
const fresh = async (service = studio.services.colour) =>
  iso(await bookableStarts(t.app.db, await owner(), service, MONDAY, '2027-03-05'));

/** The page answers what a fresh computation says, and `change` changed it. */
async function expectSeen(change: () => Promise<unknown>): Promise<void> {
  const before = await served();
  await change();
  const after = await served();
  expect(after).toEqual(await fresh());
  expect(after).not.toEqual(before);
}

beforeAll(() => {
  t = studio.t;
});

describe('the public slots kept between writes', () => {
  it('sees an appointment made, moved and deleted by the owner', async () => {
    let id = 0;
    await expectSeen(async () => {
      const made = await studio.owner.post('/api/v1/appointments', {
        type: 'private',
        title: 'Dentist',
        date: '2027-03-02',
        start_time: '10:00',
        duration: 60,
      });
      id = made.json().data.id;
    });
    await expectSeen(() =>
      studio.owner.put(`/api/v1/appointments/${id}/time`, { date: '2027-03-02', start_time: '14:00' }),
    );
    await expectSeen(() => studio.owner.delete(`/api/v1/appointments/${id}`));
  });

  it('sees a client holding a time, and the hold lapsing with no write at all', async () => {
    const { agent } = await studioClient(studio, 'holder@example.com');
    await expectSeen(() =>
      agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: studio.services.colour.public_id,
        start: '2027-03-03T11:00:00.000Z',
      }),
    );
    const hold = await t.app.db
      .selectFrom('slot_holds')
      .select('expires_at')
      .where('user_id', '=', studio.ownerId)
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow();
    const lapsed = Date.parse(hold.expires_at) + 1;
    const me = await owner();
    const kept = await keptBookableTimes(t.app.db, me, studio.services.colour, MONDAY, '2027-03-05', lapsed);
    // The kept answer still counted the hold; once it lapsed, the time is offered again.
    expect(kept).toContain('2027-03-03T11:00:00.000Z');
    expect(kept).toEqual(iso(await bookableStarts(t.app.db, me, studio.services.colour, MONDAY, '2027-03-05', lapsed)));
  });

  it('takes off the starts that time brings inside the owner’s notice, as a fresh answer does', async () => {
    const me = await owner();
    const first = await keptBookableTimes(t.app.db, me, studio.services.colour, MONDAY, '2027-03-05');
    const later = Date.parse(first[3]) - Number(me.settings.min_notice_minutes ?? 60) * 60_000 + 1;
    const kept = await keptBookableTimes(t.app.db, me, studio.services.colour, MONDAY, '2027-03-05', later);
    expect(kept).toEqual(iso(await bookableStarts(t.app.db, me, studio.services.colour, MONDAY, '2027-03-05', later)));
    expect(kept.every((time) => time > first[3])).toBe(true);
  });

  it('sees the business hours, a class session and the service’s parts change', async () => {
    await expectSeen(() =>
      studio.owner.put('/api/v1/user/business-time-settings', {
        days: { 3: { open: true, start: '12:00', end: '16:00', breaks: [] } },
      }),
    );
    await expectSeen(() =>
      studio.owner.post('/api/v1/classes', {
        title: 'Stretch',
        price: 1000,
        duration: 60,
        spaces: 4,
        sessions: [{ date: '2027-03-04', start_time: '10:00' }],
      }),
    );
    await expectSeen(() =>
      studio.owner.put(`/api/v1/services/${studio.services.colour.id}`, {
        title: 'Colour',
        price: 9000,
        duration: 120,
        multipart: true,
        online_booking: true,
        parts: [
          { title: 'Apply', duration: 60, blocked: true },
          { title: 'Develop', duration: 30, blocked: false },
          { title: 'Rinse', duration: 30, blocked: true },
        ],
      }),
    );
  });

  it('sees a write made straight in the database and one made by another process', async () => {
    await expectSeen(async () => {
      const [block] = await t.app.db
        .selectFrom('appointment_blocks')
        .select('id')
        .where('user_id', '=', studio.ownerId)
        .execute();
      if (block) await t.app.db.deleteFrom('appointment_blocks').where('id', '=', block.id).execute();
      else
        await t.app.db
          .insertInto('appointment_blocks')
          .values({
            appointment_id: (
              await studio.owner.post('/api/v1/appointments', {
                type: 'private',
                title: 'Lunch',
                date: '2027-03-01',
                start_time: '12:00',
                duration: 60,
              })
            ).json().data.id,
            user_id: studio.ownerId,
            starts_at: '2027-03-04T09:00:00.000Z',
            ends_at: '2027-03-04T17:00:00.000Z',
          })
          .execute();
    });

    const other = await secondApp(t);
    try {
      const first = await served(t.app);
      expect(await served(other)).toEqual(first);
      // The second process books the owner's Thursday off; the first, which kept Thursday's slots, sees it.
      const otherOwner = ownerOn(other);
      await otherOwner.post('/api/v1/appointments', {
        type: 'private',
        title: 'Day off',
        date: '2027-03-04',
        start_time: '08:00',
        duration: 600,
      });
      const after = await served(t.app);
      expect(after).toEqual(await fresh());
      expect(after.some((s) => s.startsWith('2027-03-04'))).toBe(false);
    } finally {
      await other.close();
    }
  });
});

/** The studio's owner on another app (another process: it keeps slots of its own), through the same sessions. */
function ownerOn(app: TestApp['app']): Agent {
  const agent = new Agent(app);
  agent.cookies = { ...studio.owner.cookies };
  return agent;
}
