import { loggedIn, testApp, type Agent, type TestApp } from './app';
import { setClock } from './clock';
import { checkout, newClient, newProduct, newService, sell } from './payments-studio';

const at = (iso: string) => jest.setSystemTime(Date.parse(iso));

/**
 * A small business whose November 2026 is worked out by hand in the analytics tests: a Premium owner, three clients
 * (Ann, Bob, Cat), one £50 service, seven visits in October and November with every status, three paid appointments
 * and a £20 product sold. Payments are made on their days by moving the clock (a payment is dated the owner's today);
 * the clock is left at 30 November 2026, noon. End with `jest.useRealTimers()`.
 */
export async function novemberBusiness(): Promise<{ t: TestApp; owner: Agent }> {
  setClock(Date.parse('2026-10-15T08:00:00Z'));
  const t = await testApp({ sessionDays: 90 });
  const { agent: owner } = await loggedIn(t.app, { plan_name: 'Premium Monthly' });
  const [ann, bob, cat] = [await newClient(owner, 'Ann'), await newClient(owner, 'Bob'), await newClient(owner, 'Cat')];
  const cut = await newService(owner, 5000);
  const visit = async (client: number, date: string, start_time: string, status?: string) => {
    const res = await owner.post('/api/v1/appointments', {
      type: 'service',
      service_id: cut,
      client_ids: [client],
      date,
      start_time,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    if (status)
      expect((await owner.put(`/api/v1/appointments/${id}/status`, { status, client_id: client })).statusCode).toBe(
        200,
      );
    return id;
  };
  const pay = async (iso: string, client: number, appointment: number, method: string) => {
    at(iso);
    const res = await checkout(owner, {
      client_id: client,
      appointment_ids: [appointment],
      payments: [{ method, amount: 5000 }],
    });
    expect(res.code).toBe(201);
  };
  const october = await visit(cat, '2026-10-15', '09:00', 'attended');
  const first = await visit(ann, '2026-11-02', '09:00', 'attended'); // a Monday
  const second = await visit(ann, '2026-11-09', '09:00', 'attended'); // a Monday
  await visit(ann, '2026-11-16', '10:00', 'noShow'); // a Monday
  await visit(bob, '2026-11-03', '14:00', 'cancelled'); // a Tuesday
  await visit(bob, '2026-11-20', '14:00'); // a Friday, still pending
  await visit(cat, '2026-11-20', '10:00', 'attended'); // a Friday
  await pay('2026-10-15T10:00:00Z', cat, october, 'cash');
  await pay('2026-11-02T10:00:00Z', ann, first, 'cash');
  await pay('2026-11-09T10:00:00Z', ann, second, 'card');
  at('2026-11-20T12:00:00Z');
  await sell(owner, cat, [{ kind: 'product', id: await newProduct(owner, 2000) }], 2000);
  at('2026-11-30T12:00:00Z');
  return { t, owner };
}
