import { Agent, loggedIn, testApp, type TestApp } from '../helpers/app';
import { setClock } from '../helpers/clock';

/**
 * "Today" is the owner's, in their zone: at 00:30 in Kyiv (22:30 UTC, still the 23rd there) it is the 24th for a
 * Kyiv owner. Only the clock is set; timers run as usual.
 */
const KYIV_AFTER_MIDNIGHT = Date.parse('2026-11-23T22:30:00Z');
const TODAY = '2026-11-24';
const UTC_DATE = '2026-11-23';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  setClock(KYIV_AFTER_MIDNIGHT);
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app, { plan_name: 'Business Monthly' }));
  const zone = await owner.put('/api/v1/user/calendar-settings', {
    time_zone: 'Europe/Kyiv',
    slot_step: 15,
    min_notice_minutes: 0,
  });
  expect(zone.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
  jest.useRealTimers();
});

describe("the owner's today in their zone", () => {
  it('GET /api/v1/appointments without a range starts at their today, not at the UTC date', async () => {
    for (const [date, title] of [
      [UTC_DATE, 'Yesterday'],
      [TODAY, 'Today'],
    ]) {
      const res = await owner.post('/api/v1/appointments', {
        type: 'blocked',
        title,
        date,
        start_time: '12:00',
        duration: 30,
      });
      expect(res.statusCode).toBe(201);
    }
    const titles = (await owner.get('/api/v1/appointments')).json().data.map((a: { title: string }) => a.title);
    expect(titles).toEqual(['Today']);
    const window = (await owner.get('/api/v1/appointments/offline')).json();
    expect(window.data.map((a: { title: string }) => a.title)).toEqual(['Yesterday', 'Today']);
    // The days it holds, in the owner's zone: from their yesterday to 60 days after their today.
    expect([window.from, window.to]).toEqual(['2026-11-23', '2027-01-23']);
  });

  it('a list flag comparing with $today drops what expired yesterday their time', async () => {
    await owner.post('/api/v1/gift-voucher', { title: 'Ended', amount: 1000, expires_on: UTC_DATE });
    await owner.post('/api/v1/gift-voucher', { title: 'Lasts', amount: 1000, expires_on: TODAY });
    const live = (await owner.get('/api/v1/gift-voucher?without_expiried=1')).json().data;
    expect(live.map((v: { title: string }) => v.title)).toEqual(['Lasts']);
  });

  it('names export files with their date', async () => {
    const clients = await owner.post('/api/v1/clients/export', { format: 'csv' });
    expect(clients.headers['content-disposition']).toBe(`attachment; filename="clients-${TODAY}.csv"`);
    const diary = await owner.post('/api/v1/appointments/export', { format: 'csv' });
    expect(diary.headers['content-disposition']).toBe(`attachment; filename="appointments-${TODAY}.csv"`);
  });

  it('the public page offers no voucher that expired yesterday their time', async () => {
    const voucher = (
      await owner.post('/api/v1/gift-voucher', {
        title: 'Expired online',
        amount: 2000,
        online_sale: true,
        expires_on: UTC_DATE,
      })
    ).json().data;
    const service = (await owner.post('/api/v1/services', { title: 'Chat', price: 0, duration: 30 })).json().data;
    const settings = await owner.put('/api/v1/user/booking-settings', {
      enabled: true,
      slug: 'kyiv-studio',
      service_ids: [service.id],
      existing_clients_only: false,
      block_new_bookings: false,
      remember_days: 30,
      deposit_mode: 'per_service',
    });
    expect(settings.statusCode).toBe(200);
    const page = (await new Agent(t.app).get('/api/v1/online-booking/kyiv-studio')).json().data;
    expect(page.vouchers.map((v: { id: string }) => v.id)).not.toContain(voucher.public_id);
  });
});
