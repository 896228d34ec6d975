import { Agent } from '../../helpers/app';
import { bookingStudio, pay, studioClient, type Studio } from '../../helpers/booking-studio';

/**
 * A booking the client cancelled on its manage page says what became of the deposit they paid: kept by the owner
 * (cancelling refunds nothing by itself), or refunded once the owner gives it back — never what is "left to pay".
 */
const studio: Studio = bookingStudio();
const PAGE = '/api/v1/online-booking/hart-studio';

describe('a cancelled booking and its deposit', () => {
  it('says the deposit is kept when cancelled, and refunded once the owner refunds it', async () => {
    const { agent } = await studioClient(studio, 'cancels@example.com');
    const hold = (
      await agent.post(`${PAGE}/holds`, { service: studio.services.cut.public_id, start: '2027-03-10T10:00:00.000Z' })
    ).json().data;
    const started = (
      await agent.post(`${PAGE}/bookings`, { hold: hold.token, first_name: 'Cass', answer: 'None' })
    ).json().data;
    await pay(started.payment_url);
    const manage = `${PAGE}/bookings/${started.manage_token as string}`;
    const before = (await new Agent(studio.t.app).get(manage)).json().data;
    expect(before).toMatchObject({ status: 'booked', price: 3500, paid: 1000, deposit: null });

    const visitor = new Agent(studio.t.app);
    await visitor.get('/sanctum/csrf-cookie');
    const cancelled = (await visitor.post(`${manage}/cancel`)).json().data;
    expect(cancelled).toMatchObject({ status: 'cancelled', deposit: { amount: 1000, refunded: false } });
    expect((await visitor.get(manage)).json().data).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 1000, refunded: false },
    });

    // The deposit is given back at the card provider and the ledger records it (a refund row naming the payment,
    // as online refunds are written): the page says so.
    const paid = await studio.t.app.db
      .selectFrom('payments')
      .innerJoin('appointments', 'appointments.id', 'payments.appointment_id')
      .selectAll('payments')
      .where('appointments.date', '=', '2027-03-10')
      .executeTakeFirstOrThrow();
    const { id, ...row } = paid;
    await studio.t.app.db
      .insertInto('payments')
      .values({ ...row, amount: -paid.amount, refund_of: id, provider_ref: 're_deposit', reason: null })
      .execute();
    expect((await visitor.get(manage)).json().data).toMatchObject({
      status: 'cancelled',
      deposit: { amount: 1000, refunded: true },
    });
  });
});
