import { Agent, loggedIn } from '../../helpers/app';
import { bookingStudio, MONDAY, TEN, studioSettings, type Studio } from '../../helpers/booking-studio';

/** The owner's booking settings and the public page: services by public id, paused pages, slots. */
const studio: Studio = bookingStudio();
let t: Studio['t'], owner: Studio['owner'], services: Studio['services'];
beforeAll(() => {
  ({ t, owner, services } = studio);
});
const settings = (over: Record<string, unknown> = {}) => studioSettings(studio, over);

describe('booking settings', () => {
  it('needs an offering and an open day before it switches on, and a free page address', async () => {
    const none = await owner.put('/api/v1/user/booking-settings', settings({ service_ids: [] }));
    expect(none.json().errors.service_ids).toEqual([
      'Switch on at least one service, class or package for online booking.',
    ]);
    const { agent: other } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    for (let id = 1; id <= 7; id++)
      await other.put(`/api/v1/user/business-time-settings/${id}`, { open: false, start: '09:00', end: '17:00' });
    const theirService = (await other.post('/api/v1/services', { title: 'X', price: 100, duration: 30 })).json().data
      .id;
    const closed = await other.put(
      '/api/v1/user/booking-settings',
      settings({ slug: 'other-page', service_ids: [theirService] }),
    );
    expect(closed.json().errors.enabled).toEqual(['Switch on at least one day in your business hours.']);
    expect(
      (
        await other.put(
          '/api/v1/user/booking-settings',
          settings({ slug: 'other-page', service_ids: [services.cut.id] }),
        )
      ).statusCode,
    ).toBe(422);

    const ok = await owner.put('/api/v1/user/booking-settings', settings());
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({
      enabled: true,
      slug: 'hart-studio',
      page_url: 'http://127.0.0.1:1/online-booking/hart-studio',
    });
    const taken = await other.put(
      '/api/v1/user/booking-settings',
      settings({ enabled: false, slug: 'hart-studio', service_ids: [] }),
    );
    expect(taken.json().errors.slug).toEqual(['This page address is already taken.']);
    expect(
      (await owner.put('/api/v1/user/booking-settings', settings({ slug: 'Bad Slug!' }))).json().errors.slug,
    ).toHaveLength(1);
  });

  it('is a business-plan feature', async () => {
    const { agent: lite } = await loggedIn(t.app, { plan_name: 'Lite Monthly' });
    const res = await lite.put('/api/v1/user/booking-settings', settings({ slug: 'lite-page', service_ids: [] }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Business/);
  });
});

describe('the public page', () => {
  it('shows the services by public id only, and says when no bookings are taken', async () => {
    const page = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(page).toMatchObject({ open: true, name: 'Test User', currency: 'GBP' });
    expect(page.services.map((s: { title: string }) => s.title)).toEqual([
      'Colour',
      'Consultation',
      'Haircut',
      'Home visit',
    ]);
    expect(page.services.find((s: { title: string }) => s.title === 'Haircut')).toMatchObject({
      id: services.cut.public_id,
      deposit: 1000,
      question: 'Any allergies?',
    });
    expect(JSON.stringify(page)).not.toContain(`"id":${services.cut.id}`);
    expect((await new Agent(t.app).get('/api/v1/online-booking/nobody-here')).statusCode).toBe(404);

    await owner.put('/api/v1/user/booking-settings', settings({ block_new_bookings: true }));
    const paused = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(paused).toMatchObject({
      open: false,
      message: 'No online bookings being taken at the moment!',
      services: [],
    });
    const guest = new Agent(t.app);
    await guest.get('/sanctum/csrf-cookie');
    const refused = await guest.post('/api/v1/online-booking/hart-studio/codes', {
      channel: 'email',
      destination: 'x@example.com',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('No online bookings being taken at the moment!');
    await owner.put('/api/v1/user/booking-settings', settings());
  });

  it('lists slots by the service’s public id, never its internal id', async () => {
    const res = await new Agent(t.app).get(
      `/api/v1/online-booking/hart-studio/services/${services.colour.public_id}/slots?from=${MONDAY}&to=${MONDAY}`,
    );
    expect(res.json().data).toContain(TEN);
    expect(
      (
        await new Agent(t.app).get(
          `/api/v1/online-booking/hart-studio/services/${services.colour.id}/slots?from=${MONDAY}&to=${MONDAY}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
