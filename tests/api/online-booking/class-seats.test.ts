import { Agent } from '../../helpers/app';
import { bookingStudio, pay, studioSettings, studioClient, type Studio } from '../../helpers/booking-studio';

/** Seats in class sessions booked on the public page. */
const studio: Studio = bookingStudio();
let t: Studio['t'], owner: Studio['owner'];
beforeAll(() => {
  ({ t, owner } = studio);
});
const settings = (over: Record<string, unknown> = {}) => studioSettings(studio, over);
const verifiedClient = (email: string, remember = false) => studioClient(studio, email, remember);

describe('class seats', () => {
  it('offers the sessions with seats left, holds seats, refuses a full session and a second seat for the same client', async () => {
    const yoga = (
      await owner.post('/api/v1/classes', {
        title: 'Yoga',
        price: 1200,
        duration: 60,
        spaces: 3,
        online_seat_limit: 2,
        sessions: [
          { date: '2027-03-10', start_time: '18:00' },
          { date: '2027-03-17', start_time: '18:00' },
        ],
      })
    ).json().data;
    expect(yoga.public_id).toHaveLength(16);
    await owner.put('/api/v1/user/booking-settings', { ...settings(), class_ids: [yoga.id] });
    const list = async () =>
      (await new Agent(t.app).get('/api/v1/online-booking/hart-studio/classes?from=2027-03-01&to=2027-03-31')).json()
        .data;
    expect((await list())[0]).toMatchObject({
      id: yoga.public_id,
      title: 'Yoga',
      sessions: [
        { date: '2027-03-10', start_time: '18:00', seats_left: 2 },
        { date: '2027-03-17', seats_left: 2 },
      ],
    });
    expect(JSON.stringify(await list())).not.toContain(`"id":${yoga.id}`);

    const a = await verifiedClient('yogi.a@example.com');
    const b = await verifiedClient('yogi.b@example.com');
    const c = await verifiedClient('yogi.c@example.com');
    const seat = { class: yoga.public_id, date: '2027-03-10', start_time: '18:00' };
    const holdA = await a.agent.post('/api/v1/online-booking/hart-studio/holds', seat);
    expect(holdA.json().data).toMatchObject({
      start_time: '18:00',
      end_time: '19:00',
      deposit: 0,
      service: { title: 'Yoga' },
    });
    expect((await b.agent.post('/api/v1/online-booking/hart-studio/holds', seat)).statusCode).toBe(201);
    expect((await list())[0].sessions[0].seats_left).toBe(0);
    expect((await c.agent.post('/api/v1/online-booking/hart-studio/holds', seat)).json().errors).toEqual({
      start: ['Sorry, this class is full.'],
    });

    const booked = await a.agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: holdA.json().data.token,
      first_name: 'Ana',
    });
    expect(booked.json().data).toMatchObject({
      status: 'booked',
      booking: { service: 'Yoga', date: '2027-03-10', start_time: '18:00', end_time: '19:00', paid: 0 },
    });
    const detail = (await owner.get(`/api/v1/classes/${yoga.id}`)).json().data;
    expect(detail.sessions[0].clients.map((x: { first_name: string }) => x.first_name)).toEqual(['Ana']);
    expect(
      (
        await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/bookings/${booked.json().data.manage_token}`)
      ).json().data,
    ).toMatchObject({ service: 'Yoga' });
    expect((await a.agent.post('/api/v1/online-booking/hart-studio/holds', seat)).json().errors).toEqual({
      start: ['You are already booked on this class.'],
    });
    // Internal ids are refused.
    expect(
      (await a.agent.post('/api/v1/online-booking/hart-studio/holds', { ...seat, class: String(yoga.id) })).statusCode,
    ).toBe(404);
  });

  it('takes the full price upfront when the owner asks for it, recorded on the seat', async () => {
    const pilates = (
      await owner.post('/api/v1/classes', {
        title: 'Pilates',
        price: 1500,
        duration: 45,
        spaces: 5,
        sessions: [{ date: '2027-03-11', start_time: '09:00' }],
      })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', {
      ...settings({ deposit_mode: 'full' }),
      class_ids: [pilates.id],
    });
    const { agent } = await verifiedClient('pilates@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        class: pilates.public_id,
        date: '2027-03-11',
        start_time: '09:00',
      })
    ).json().data;
    expect(hold.deposit).toBe(1500);
    const started = (
      await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Pia' })
    ).json().data;
    expect(started.status).toBe('payment');
    expect((await pay(started.payment_url)).status).toBe(303);
    const detail = (await owner.get(`/api/v1/classes/${pilates.id}`)).json().data;
    expect(detail.sessions[0].clients).toEqual([expect.objectContaining({ first_name: 'Pia', paid_amount: 1500 })]);
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});
