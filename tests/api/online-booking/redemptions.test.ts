import { bookingStudio, pay, studioClient, studioSettings, type Studio } from '../../helpers/booking-studio';

/**
 * Paying a booking on the public page with what the client already holds (spec §2: the flow lists services,
 * packages and vouchers): a package of theirs that covers the service, or a gift voucher's code. Deposits follow
 * what is left to pay; the public caller never names an internal id.
 */
const studio: Studio = bookingStudio();
let t: Studio['t'], owner: Studio['owner'], services: Studio['services'];
beforeAll(() => {
  ({ t, owner, services } = studio);
});
const PAGE = '/api/v1/online-booking/hart-studio';
const settings = (over: Record<string, unknown> = {}) => studioSettings(studio, over);

/** The owner's ledger rows of an appointment, oldest first. */
const ledgerOf = (appointmentId: number) =>
  t.app.db
    .selectFrom('payments')
    .select(['method', 'amount', 'voucher_sale_id', 'package_sale_id'])
    .where('appointment_id', '=', appointmentId)
    .orderBy('id')
    .execute();

/** What is left of the one code sold of a gift voucher, as the owner's voucher page lists it. */
async function voucherLeft(voucherId: number) {
  const [sold] = (await owner.get(`/api/v1/gift-voucher/codes/${voucherId}`)).json().data;
  return { amount_left: sold.amount_left, state: sold.state };
}

/** The owner's appointment at `start_time` on `date`. */
async function appointmentAt(date: string, startTime: string) {
  const day = (await owner.get(`/api/v1/appointments?from=${date}&to=${date}`)).json().data as Array<{
    id: number;
    start_time: string;
    payment_status: string;
  }>;
  return day.find((a) => a.start_time === startTime)!;
}

describe('paying a booking with a package or a gift voucher', () => {
  it('books with a package the client bought: no deposit, paid with the package, one session used', async () => {
    const pack = (
      await owner.post('/api/v1/packages', {
        title: 'Three haircuts',
        price: 9000,
        services: [{ service_id: services.cut.id, quantity: 3 }],
      })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', settings({ package_ids: [pack.id] }));
    const { agent } = await studioClient(studio, 'three.cuts@example.com');
    const bought = (await agent.post(`${PAGE}/purchases`, { package: pack.public_id, first_name: 'Tia' })).json().data;
    expect((await pay(bought.payment_url)).status).toBe(303);

    // The page lists what the verified client holds, by public ids only.
    const page = (await agent.get(PAGE)).json().data;
    expect(page.verified.packages).toEqual([
      {
        title: 'Three haircuts',
        expires_on: null,
        services: [{ id: services.cut.public_id, title: 'Haircut', left: 3 }],
      },
    ]);

    const hold = (
      await agent.post(`${PAGE}/holds`, { service: services.cut.public_id, start: '2027-03-08T10:00:00.000Z' })
    ).json().data;
    expect(hold.deposit).toBe(1000);
    expect((await agent.post(`${PAGE}/quotes`, { hold: hold.token })).json().data).toEqual({
      price: 3500,
      deposit: 0,
      left_to_pay: 0,
      package: { title: 'Three haircuts', expires_on: null, sessions_left: 3 },
      package_used: true,
      voucher: null,
    });
    // Paying otherwise is the client's choice: then the deposit is asked as before.
    expect((await agent.post(`${PAGE}/quotes`, { hold: hold.token, use_package: false })).json().data).toMatchObject({
      deposit: 1000,
      left_to_pay: 3500,
      package_used: false,
    });

    const booked = await agent.post(`${PAGE}/bookings`, { hold: hold.token, answer: 'None' });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({ status: 'booked', booking: { price: 3500, paid: 3500 } });
    const appointment = await appointmentAt('2027-03-08', '10:00');
    expect(appointment.payment_status).toBe('paidWithPackage');
    const sale = await t.app.db
      .selectFrom('package_sales')
      .select(['id', 'client_id'])
      .where('package_id', '=', pack.id)
      .executeTakeFirstOrThrow();
    expect(await ledgerOf(appointment.id)).toEqual([
      { method: 'package', amount: 3500, voucher_sale_id: null, package_sale_id: sale.id },
    ]);
    const redeemable = (await owner.get(`/api/v1/payments/redeemable?client_id=${sale.client_id}`)).json();
    expect(redeemable.packages[0].services).toEqual([expect.objectContaining({ title: 'Haircut', left: 2 })]);
    expect((await agent.get(PAGE)).json().data.verified.packages[0].services[0].left).toBe(2);
  });

  it('pays all or part with a gift voucher code, never more than its balance; the deposit follows what is left', async () => {
    const voucher = (
      await owner.post('/api/v1/gift-voucher', { title: 'Pamper gift', amount: 5000, online_sale: true })
    ).json().data;
    const buyer = await studioClient(studio, 'gift.buyer@example.com');
    const bought = (
      await buyer.agent.post(`${PAGE}/purchases`, { voucher: voucher.public_id, first_name: 'Gil' })
    ).json().data;
    const back = await pay(bought.payment_url);
    const sessionId = new URL(back.headers.get('location')!).searchParams.get('session_id')!;
    const code = (await buyer.agent.get(`${PAGE}/payments/${sessionId}`)).json().data.purchase.code as string;

    // Someone else holds the code: a gift.
    const { agent } = await studioClient(studio, 'gift.friend@example.com');
    const first = (
      await agent.post(`${PAGE}/holds`, { service: services.cut.public_id, start: '2027-03-09T10:00:00.000Z' })
    ).json().data;
    const unknown = await agent.post(`${PAGE}/quotes`, { hold: first.token, voucher_code: 'NOPE2NOPE2' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ voucher_code: ['There is no gift voucher with the code NOPE2NOPE2.'] });
    expect(
      (await agent.post(`${PAGE}/quotes`, { hold: first.token, voucher_code: ` ${code.toLowerCase()} ` })).json().data,
    ).toEqual({
      price: 3500,
      deposit: 0,
      left_to_pay: 0,
      package: null,
      package_used: false,
      voucher: { code, title: 'Pamper gift', amount_left: 5000, applied: 3500 },
    });
    const whole = await agent.post(`${PAGE}/bookings`, {
      hold: first.token,
      first_name: 'Fay',
      answer: 'None',
      voucher_code: code,
    });
    expect(whole.statusCode).toBe(201);
    const paidWhole = await appointmentAt('2027-03-09', '10:00');
    expect(paidWhole.payment_status).toBe('paidWithVoucher');
    expect(await ledgerOf(paidWhole.id)).toEqual([
      { method: 'gift_voucher', amount: 3500, voucher_sale_id: expect.any(Number), package_sale_id: null },
    ]);
    expect(await voucherLeft(voucher.id)).toEqual({ amount_left: 1500, state: 'active' });

    // £15 left on it: it pays £15 of the next £35 haircut, and the £10 deposit is taken of the £20 left.
    const second = (
      await agent.post(`${PAGE}/holds`, { service: services.cut.public_id, start: '2027-03-09T12:00:00.000Z' })
    ).json().data;
    expect((await agent.post(`${PAGE}/quotes`, { hold: second.token, voucher_code: code })).json().data).toMatchObject({
      deposit: 1000,
      left_to_pay: 2000,
      voucher: { applied: 1500, amount_left: 1500 },
    });
    const part = (
      await agent.post(`${PAGE}/bookings`, { hold: second.token, answer: 'None', voucher_code: code })
    ).json().data;
    expect(part.status).toBe('payment');
    const paid = await pay(part.payment_url);
    const partSession = new URL(paid.headers.get('location')!).searchParams.get('session_id')!;
    expect((await agent.get(`${PAGE}/payments/${partSession}`)).json().data).toMatchObject({
      status: 'booked',
      booking: { price: 3500, paid: 2500 },
    });
    const partly = await appointmentAt('2027-03-09', '12:00');
    expect(partly.payment_status).toBe('leftToPay');
    expect((await ledgerOf(partly.id)).map((r) => [r.method, r.amount]).sort()).toEqual([
      ['card', 1000],
      ['gift_voucher', 1500],
    ]);
    expect(await voucherLeft(voucher.id)).toEqual({ amount_left: 0, state: 'spent' });

    // Spent: refused in words, and nothing is booked with it.
    const third = (
      await agent.post(`${PAGE}/holds`, { service: services.cut.public_id, start: '2027-03-09T14:00:00.000Z' })
    ).json().data;
    const spent = await agent.post(`${PAGE}/bookings`, { hold: third.token, answer: 'None', voucher_code: code });
    expect(spent.statusCode).toBe(422);
    expect(spent.json().errors).toEqual({ voucher_code: [`The gift voucher ${code} has been used up.`] });
    expect(await appointmentAt('2027-03-09', '14:00')).toBeUndefined();
  });

  it('pays a class seat with a gift voucher code', async () => {
    const pilates = (
      await owner.post('/api/v1/classes', {
        title: 'Pilates',
        price: 1200,
        duration: 60,
        spaces: 5,
        sessions: [{ date: '2027-03-12', start_time: '18:00' }],
      })
    ).json().data;
    await owner.put('/api/v1/user/booking-settings', settings({ class_ids: [pilates.id] }));
    const voucher = (
      await owner.post('/api/v1/gift-voucher', { title: 'Class gift', amount: 2000, online_sale: true })
    ).json().data;
    const buyer = await studioClient(studio, 'class.gift.buyer@example.com');
    const bought = (
      await buyer.agent.post(`${PAGE}/purchases`, { voucher: voucher.public_id, first_name: 'Bea' })
    ).json().data;
    const back = await pay(bought.payment_url);
    const sessionId = new URL(back.headers.get('location')!).searchParams.get('session_id')!;
    const code = (await buyer.agent.get(`${PAGE}/payments/${sessionId}`)).json().data.purchase.code as string;

    const { agent } = await studioClient(studio, 'class.gift.user@example.com');
    const hold = (
      await agent.post(`${PAGE}/holds`, { class: pilates.public_id, date: '2027-03-12', start_time: '18:00' })
    ).json().data;
    expect((await agent.post(`${PAGE}/quotes`, { hold: hold.token, voucher_code: code })).json().data).toMatchObject({
      price: 1200,
      deposit: 0,
      left_to_pay: 0,
      package: null,
      voucher: { applied: 1200, amount_left: 2000 },
    });
    const booked = await agent.post(`${PAGE}/bookings`, { hold: hold.token, first_name: 'Uma', voucher_code: code });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.booking).toMatchObject({ service: 'Pilates', price: 1200, paid: 1200 });
    const rows = await t.app.db
      .selectFrom('payments')
      .select(['method', 'amount'])
      .where('class_seat_id', 'is not', null)
      .where('method', '=', 'gift_voucher')
      .execute();
    expect(rows).toEqual([{ method: 'gift_voucher', amount: 1200 }]);
    expect(await voucherLeft(voucher.id)).toEqual({ amount_left: 800, state: 'active' });
    await owner.put('/api/v1/user/booking-settings', settings());
  });
});
