import { testApp, type TestApp } from '../../helpers/app';
import { book, bookingOwner, verifiedClient } from '../../helpers/booking';

// Marketing messages need the client's explicit opt-in (UK/EU): the booking page asks with an unticked box and
// stores the answer; nobody is opted in by booking alone.
let t: TestApp;
let ownerId: number;
let service: string;
let owner: Awaited<ReturnType<typeof bookingOwner>>['owner'];

beforeAll(async () => {
  t = await testApp({ appUrl: 'http://127.0.0.1:1' });
  const o = await bookingOwner(t.app, 'consent-page');
  ({ owner } = o);
  ownerId = o.user.id;
  service = o.service.public_id;
});
afterAll(() => t.close());

const clientByEmail = (email: string) =>
  t.app.db
    .selectFrom('clients')
    .select(['marketing_messages', 'opt_out'])
    .where('user_id', '=', ownerId)
    .where('email', '=', email)
    .executeTakeFirstOrThrow();

describe('marketing consent on the booking page', () => {
  it('creates a client who did not tick the box without marketing messages', async () => {
    const agent = await verifiedClient(t.app, 'consent-page', 'quiet@example.com');
    expect((await book(agent, 'consent-page', service, '2027-03-02T09:00:00.000Z')).statusCode).toBe(201);
    expect(await clientByEmail('quiet@example.com')).toMatchObject({ marketing_messages: 0 });
  });

  it('stores the tick of a new client', async () => {
    const agent = await verifiedClient(t.app, 'consent-page', 'keen@example.com');
    expect(
      (await book(agent, 'consent-page', service, '2027-03-02T10:00:00.000Z', { marketing: true })).statusCode,
    ).toBe(201);
    expect(await clientByEmail('keen@example.com')).toMatchObject({ marketing_messages: 1 });
  });

  it('opts an existing client in when they tick it, and leaves their choice alone when they do not', async () => {
    await owner.post('/api/v1/clients', { first_name: 'Olga', email: 'olga@example.com', opt_out: true });
    expect(await clientByEmail('olga@example.com')).toMatchObject({ marketing_messages: 0, opt_out: 1 });
    const agent = await verifiedClient(t.app, 'consent-page', 'olga@example.com');
    expect((await book(agent, 'consent-page', service, '2027-03-02T11:00:00.000Z')).statusCode).toBe(201);
    expect(await clientByEmail('olga@example.com')).toMatchObject({ marketing_messages: 0, opt_out: 1 });
    expect(
      (await book(agent, 'consent-page', service, '2027-03-02T12:00:00.000Z', { marketing: true })).statusCode,
    ).toBe(201);
    expect(await clientByEmail('olga@example.com')).toMatchObject({ marketing_messages: 1, opt_out: 0 });
  });

  it('refuses an answer that is not yes or no', async () => {
    const agent = await verifiedClient(t.app, 'consent-page', 'odd@example.com');
    const hold = await agent.post('/api/v1/online-booking/consent-page/holds', {
      service,
      start: '2027-03-02T13:00:00.000Z',
    });
    const res = await agent.post('/api/v1/online-booking/consent-page/bookings', {
      hold: hold.json().data.token,
      first_name: 'Odd',
      marketing: 'perhaps',
    });
    expect(res.statusCode).toBe(422);
  });
});
