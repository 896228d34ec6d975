import { bookingStudio, studioClient, studioSettings, type Studio } from '../../helpers/booking-studio';
import { newClient } from '../../helpers/payments-studio';

/**
 * The owner seating clients by hand and clients holding seats online, all at once, for the last spaces of a session:
 * the count and the insert share the owner's lock on both sides, so exactly as many succeed as there are spaces.
 */
const studio: Studio = bookingStudio();

describe('seats by hand beside online booking', () => {
  it('never fills a session past its spaces when the owner and clients online race for the last ones', async () => {
    const { owner, t } = studio;
    const yoga = (
      await owner.post('/api/v1/classes', { title: 'Yoga', price: 0, duration: 60, spaces: 3, online_seat_limit: 3 })
    ).json().data;
    const [session] = (
      await owner.post(`/api/v1/classes/${yoga.id}/sessions`, { date: '2027-03-10', start_time: '18:00' })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', { ...studioSettings(studio), class_ids: [yoga.id] });
    const clients = await Promise.all(Array.from({ length: 5 }, (_, i) => newClient(owner, `Walk-in ${i}`)));
    const online = [];
    for (let i = 0; i < 5; i++) online.push((await studioClient(studio, `racer${i}@example.com`)).agent);

    const seat = { class: yoga.public_id, date: '2027-03-10', start_time: '18:00' };
    const results = await Promise.all([
      ...clients.map(async (id) => {
        const res = await owner.post(`/api/v1/classes/${yoga.id}/sessions/${session.id}/clients`, { client_id: id });
        return { by: 'owner', status: res.statusCode, error: res.json().errors?.client_id?.[0] };
      }),
      ...online.map(async (agent) => {
        const res = await agent.post('/api/v1/online-booking/hart-studio/holds', seat);
        return { by: 'online', status: res.statusCode, error: res.json().errors?.start?.[0] };
      }),
    ]);
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(7);
    for (const r of refused)
      expect(r.error).toBe(r.by === 'owner' ? 'This session is full.' : 'Sorry, this class is full.');
    const seated = await t.app.db
      .selectFrom('class_session_clients')
      .select('id')
      .where('session_id', '=', session.id)
      .execute();
    const held = await t.app.db
      .selectFrom('slot_holds')
      .select('id')
      .where('class_session_id', '=', session.id)
      .where('status', '=', 'held')
      .execute();
    expect(seated.length + held.length).toBe(3);
  });
});
