import { addDays, todayIn } from '../../../src/domain/dates';
import { Agent } from '../../helpers/app';
import {
  bookingStudio,
  pay,
  studioSettings,
  studioOutbox,
  studioClient,
  type Studio,
} from '../../helpers/booking-studio';

/** Gift vouchers and packages bought on the public page. */
const studio: Studio = bookingStudio();
let t: Studio['t'], owner: Studio['owner'], services: Studio['services'];
beforeAll(() => {
  ({ t, owner, services } = studio);
});
const settings = (over: Record<string, unknown> = {}) => studioSettings(studio, over);
const outbox = (recipient: string) => studioOutbox(studio, recipient);
const verifiedClient = (email: string, remember = false) => studioClient(studio, email, remember);

describe('gift vouchers and packages', () => {
  it('sells a gift voucher with its own code, within its sales limit', async () => {
    const voucher = (
      await owner.post('/api/v1/gift-voucher', {
        title: 'Treat yourself',
        amount: 5000,
        online_sale: true,
        sales_limit: 1,
        client_notes: true,
      })
    ).json().data;
    expect(voucher.public_id).toHaveLength(16);
    const page = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(page.vouchers).toEqual([
      expect.objectContaining({ id: voucher.public_id, title: 'Treat yourself', amount: 5000, client_notes: true }),
    ]);

    const a = await verifiedClient('gift.a@example.com');
    const b = await verifiedClient('gift.b@example.com');
    const started = await a.agent.post('/api/v1/online-booking/hart-studio/purchases', {
      voucher: voucher.public_id,
      first_name: 'Gia',
      recipient_name: 'Mum',
      message: 'Happy birthday',
    });
    expect(started.json().data.status).toBe('payment');
    // The one voucher on sale is reserved while A pays.
    expect(
      (
        await b.agent.post('/api/v1/online-booking/hart-studio/purchases', {
          voucher: voucher.public_id,
          first_name: 'Bo',
        })
      ).json().errors,
    ).toEqual({ voucher: ['Sorry, this gift voucher has sold out.'] });
    expect(
      (
        await b.agent.post('/api/v1/online-booking/hart-studio/purchases', {
          voucher: String(voucher.id),
          first_name: 'Bo',
        })
      ).statusCode,
    ).toBe(404);

    const paid = await pay(started.json().data.payment_url);
    const sessionId = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    const done = (await a.agent.get(`/api/v1/online-booking/hart-studio/payments/${sessionId}`)).json().data;
    expect(done).toMatchObject({
      status: 'booked',
      purchase: { kind: 'voucher', title: 'Treat yourself', amount: 5000, amount_left: 5000, recipient_name: 'Mum' },
    });
    expect(done.purchase.code).toMatch(/^[A-Z2-9]{10}$/);
    expect((await owner.get(`/api/v1/gift-voucher/${voucher.id}`)).json().data.sold_count).toBe(1);
    expect(
      (
        await new Agent(t.app).get(`/api/v1/online-booking/hart-studio/bookings/${started.json().data.manage_token}`)
      ).json().data,
    ).toMatchObject({ kind: 'voucher', code: done.purchase.code });
    expect((await outbox('gift.a@example.com'))[0].body).toContain(done.purchase.code);
    const payment = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('type', '=', 'sale')
      .where('amount', '=', 5000)
      .execute();
    expect(payment).toHaveLength(1);
    // The purchase is a sale of the owner's, its payment naming it, the voucher its item created.
    const sales = (await owner.get('/api/v1/sales')).json().data;
    const sold = sales.find((s: { id: number }) => s.id === payment[0].sale_id);
    expect(sold).toMatchObject({ total: 5000, paid: 5000, checkout_id: null });
    const detail = (await owner.get(`/api/v1/sales/${sold.id}`)).json().data;
    expect(detail.items).toEqual([
      expect.objectContaining({
        kind: 'gift_voucher',
        title: 'Treat yourself',
        quantity: 1,
        codes: [done.purchase.code],
      }),
    ]);
    // Sold out now: off the page.
    expect((await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data.vouchers).toEqual([]);
  });

  it('sells a package with its expiry, and a free one at once', async () => {
    const pack = (
      await owner.post('/api/v1/packages', {
        title: 'Five cuts',
        price: 15000,
        expiry_days: 90,
        services: [{ service_id: services.cut.id, quantity: 5 }],
      })
    ).json().data;
    const free = (
      await owner.post('/api/v1/packages', {
        title: 'Welcome pack',
        price: 0,
        services: [{ service_id: services.free.id, quantity: 1 }],
      })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', { ...settings(), package_ids: [pack.id, free.id] });
    const page = (await new Agent(t.app).get('/api/v1/online-booking/hart-studio')).json().data;
    expect(page.packages).toEqual([
      expect.objectContaining({ id: pack.public_id, title: 'Five cuts', price: 15000, services: ['Haircut'] }),
      expect.objectContaining({ id: free.public_id, title: 'Welcome pack', price: 0 }),
    ]);
    const { agent } = await verifiedClient('pack@example.com');
    expect(
      (await agent.post('/api/v1/online-booking/hart-studio/purchases', { package: pack.public_id })).json().errors,
    ).toEqual({ first_name: ['The first name field is required.'] });
    const started = (
      await agent.post('/api/v1/online-booking/hart-studio/purchases', { package: pack.public_id, first_name: 'Pam' })
    ).json().data;
    await pay(started.payment_url);
    const sale = await t.app.db
      .selectFrom('package_sales')
      .selectAll()
      .where('package_id', '=', pack.id)
      .executeTakeFirstOrThrow();
    // The owner's today (London) decides the expiry, not the server's UTC date.
    const in90 = addDays(todayIn('Europe/London'), 90);
    expect(sale).toMatchObject({ price: 15000, expires_on: in90 });
    const welcome = await agent.post('/api/v1/online-booking/hart-studio/purchases', { package: free.public_id });
    expect(welcome.statusCode).toBe(201);
    expect(welcome.json().data).toMatchObject({
      status: 'booked',
      purchase: { kind: 'package', title: 'Welcome pack', amount: 0 },
    });
    const items = await t.app.db
      .selectFrom('sale_items')
      .innerJoin('package_sales', 'package_sales.sale_item_id', 'sale_items.id')
      .select(['sale_items.title', 'sale_items.total', 'package_sales.package_id'])
      .where('package_sales.package_id', 'in', [pack.id, free.id])
      .orderBy('sale_items.id')
      .execute();
    expect(items).toEqual([
      { title: 'Five cuts', total: 15000, package_id: pack.id },
      { title: 'Welcome pack', total: 0, package_id: free.id },
    ]);
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});
