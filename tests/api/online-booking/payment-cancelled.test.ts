import { atProvider, bookingStudio, pay, studioClient, type Studio } from '../../helpers/booking-studio';

/**
 * A client who cancels on the card page comes back to the time step, still verified, and can choose the same time
 * again: their own hold is let go once the provider says nothing was paid. Should the payment still arrive (they
 * went back to the card page and paid after all), it books the time if it is free, else it is refunded in full.
 */
const studio: Studio = bookingStudio();
const PAGE = '/api/v1/online-booking/hart-studio';
const START = '2027-03-11T10:00:00.000Z';
const slots = async (agent: Awaited<ReturnType<typeof studioClient>>['agent']) =>
  (await agent.get(`${PAGE}/services/${studio.services.cut.public_id}/slots?from=2027-03-11&to=2027-03-11`)).json()
    .data as string[];

/** Cancels on the local provider's card page; answers where it sends the client back. */
const cancelOn = async (url: string) => {
  const res = await fetch(url, {
    method: 'POST',
    body: new URLSearchParams({ action: 'cancel' }),
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
};

describe('a card payment cancelled on the card page', () => {
  it('returns to the time step, verified, with the time offered again; a late payment is refunded', async () => {
    const { agent } = await studioClient(studio, 'changes.mind@example.com');
    const hold = (await agent.post(`${PAGE}/holds`, { service: studio.services.cut.public_id, start: START })).json()
      .data;
    const started = (
      await agent.post(`${PAGE}/bookings`, { hold: hold.token, first_name: 'Cam', answer: 'None' })
    ).json().data;
    expect(started.status).toBe('payment');

    const back = await cancelOn(started.payment_url);
    expect(back.pathname).toBe('/online-booking/hart-studio');
    expect(Object.fromEntries(back.searchParams)).toEqual({ step: 'time', cancelled: '1' });
    // Still verified; the time is held while they were paying, so not offered…
    expect((await agent.get(PAGE)).json().data.verified).toMatchObject({ destination: 'changes.mind@example.com' });
    expect(await slots(agent)).not.toContain(START);
    // …until the time step lets go of their hold: the provider says nothing was paid.
    expect((await agent.delete(`${PAGE}/holds/${hold.token}`)).statusCode).toBe(204);
    expect(await slots(agent)).toContain(START);
    const again = await agent.post(`${PAGE}/holds`, { service: studio.services.cut.public_id, start: START });
    expect(again.statusCode).toBe(201);

    // The first card page paid after all: the time is theirs already (held again), so that payment is refunded.
    expect((await pay(started.payment_url)).status).toBe(303);
    const sessionId = (started.payment_url as string).split('/').pop()!;
    const { refunds } = await atProvider(studio, sessionId);
    expect(await refunds()).toEqual([expect.objectContaining({ amount: 1000, status: 'succeeded' })]);
    const first = await studio.t.app.db
      .selectFrom('slot_holds')
      .select('status')
      .where('payment_ref', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(first.status).toBe('refunded');
  });

  it('keeps a hold whose payment went through: letting go of it is refused quietly, and it books', async () => {
    const { agent } = await studioClient(studio, 'paid.anyway@example.com');
    const start = '2027-03-11T14:00:00.000Z';
    const hold = (await agent.post(`${PAGE}/holds`, { service: studio.services.cut.public_id, start })).json().data;
    const started = (
      await agent.post(`${PAGE}/bookings`, { hold: hold.token, first_name: 'Pia', answer: 'None' })
    ).json().data;
    await pay(started.payment_url);
    expect((await agent.delete(`${PAGE}/holds/${hold.token}`)).statusCode).toBe(204);
    const day = (await studio.owner.get('/api/v1/appointments?from=2027-03-11&to=2027-03-11')).json().data as Array<{
      start_time: string;
    }>;
    expect(day.map((a) => a.start_time)).toContain('14:00');
  });
});
