import { Agent } from '../../helpers/app';
import { bookingStudio, studioOutbox, studioClient, type Studio } from '../../helpers/booking-studio';

/** Holds and bookings on the public page: holding a free time, booking it, what it blocks. */
const studio: Studio = bookingStudio();
let t: Studio['t'], owner: Studio['owner'], ownerId: number, services: Studio['services'];
beforeAll(() => {
  ({ t, owner, ownerId, services } = studio);
});
const outbox = (recipient: string) => studioOutbox(studio, recipient);
const verifiedClient = (email: string, remember = false) => studioClient(studio, email, remember);

describe('holds and bookings', () => {
  it('books a free service: hold, confirm, appointment, client, messages', async () => {
    const { agent } = await verifiedClient('fresh@example.com', true);
    const hold = await agent.post('/api/v1/online-booking/hart-studio/holds', {
      service: services.free.public_id,
      start: '2027-03-02T09:00:00.000Z',
    });
    expect(hold.statusCode).toBe(201);
    expect(hold.json().data).toMatchObject({ date: '2027-03-02', start_time: '09:00', end_time: '09:30', deposit: 0 });
    // The held time is gone for everyone else, and for the owner too.
    const slots = (
      await new Agent(t.app).get(
        `/api/v1/online-booking/hart-studio/services/${services.free.public_id}/slots?from=2027-03-02&to=2027-03-02`,
      )
    ).json().data;
    expect(slots).not.toContain('2027-03-02T09:00:00.000Z');
    const ownerClash = await owner.post('/api/v1/appointments', {
      type: 'private',
      title: 'Gym',
      date: '2027-03-02',
      start_time: '09:00',
      duration: 30,
    });
    expect(ownerClash.json().errors).toEqual({ start_time: ['This time overlaps another appointment.'] });

    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.json().data.token })).json().errors,
    ).toEqual({ first_name: ['The first name field is required.'] });
    const booked = await agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: hold.json().data.token,
      first_name: 'Fay',
      last_name: 'Fresh',
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({
      status: 'booked',
      booking: { service: 'Consultation', date: '2027-03-02', start_time: '09:00', paid: 0 },
    });
    const list = (await owner.get('/api/v1/appointments?from=2027-03-02&to=2027-03-02')).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].clients[0]).toMatchObject({ first_name: 'Fay', last_name: 'Fresh' });
    expect((await outbox('fresh@example.com'))[0]).toMatchObject({ subject: 'Booking confirmed', type: 'booking' });
    expect(
      (
        await t.app.db
          .selectFrom('outbox')
          .select('subject')
          .where('user_id', '=', ownerId)
          .where('subject', '=', 'New online booking')
          .execute()
      ).length,
    ).toBe(1);

    // The manage link carries its own token, and only on its own page.
    const manage = booked.json().data.manage_token;
    expect(
      (await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/bookings/${manage}`)).json().data,
    ).toMatchObject({ service: 'Consultation', date: '2027-03-02' });
    expect((await new Agent(t.app).get(`/api/v1/online-booking/other-owner/bookings/${manage}`)).statusCode).toBe(404);
    // A hold is used once.
    expect(
      (
        await agent.post('/api/v1/online-booking/hart-studio/bookings', {
          hold: hold.json().data.token,
          first_name: 'Fay',
        })
      ).json().errors,
    ).toEqual({ hold: ['Your reserved time has expired. Please choose a time again.'] });
  });

  it('asks for the address of a service at the client’s place, and books it there', async () => {
    const { agent } = await verifiedClient('home@example.com');
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: services.home.public_id,
        start: '2027-03-09T13:00:00.000Z',
      })
    ).json().data;
    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/bookings', { hold: hold.token, first_name: 'Hana' })).json()
        .errors,
    ).toEqual({ address: ['Please enter the address where the appointment takes place.'] });
    expect(
      (
        await agent.post('/api/v1/online-booking/hart-studio/bookings', {
          hold: hold.token,
          first_name: 'Hana',
          address: '4 Elm Road, Bath',
        })
      ).statusCode,
    ).toBe(201);
    const [a] = (await owner.get('/api/v1/appointments?from=2027-03-09&to=2027-03-09')).json().data;
    expect(a).toMatchObject({ location_type: 'client', address: '4 Elm Road, Bath', source: 'online' });
  });

  it('refuses a time outside the offered slots and an expired hold', async () => {
    const { agent } = await verifiedClient('late.hold@example.com');
    expect(
      (
        await agent.post('/api/v1/online-booking/hart-studio/holds', {
          service: services.free.public_id,
          start: '2027-03-06T10:00:00.000Z',
        })
      ).json().errors,
    ).toEqual({ start: ['Sorry, that time is no longer available. Please choose another.'] });
    const hold = (
      await agent.post('/api/v1/online-booking/hart-studio/holds', {
        service: services.free.public_id,
        start: '2027-03-03T11:00:00.000Z',
      })
    ).json().data;
    await t.app.db
      .updateTable('slot_holds')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('date', '=', '2027-03-03')
      .execute();
    const res = await agent.post('/api/v1/online-booking/hart-studio/bookings', {
      hold: hold.token,
      first_name: 'Lee',
    });
    expect(res.json().errors).toEqual({ hold: ['Your reserved time has expired. Please choose a time again.'] });
    expect((await owner.get('/api/v1/appointments?from=2027-03-03&to=2027-03-03')).json().data).toEqual([]);
  });
});
