import { sampleRecord } from '../../../packages/renderer/core/sample-record';

/** The preview's made-up records follow each field's type and format, and carry no one's data. */
const record = {
  properties: {
    id: { type: 'integer' },
    client_id: { type: 'integer' },
    first_name: { type: 'string' },
    email: { type: ['string', 'null'], format: 'email' },
    phone: { type: ['string', 'null'], format: 'tel' },
    birthday: { type: ['string', 'null'], format: 'date' },
    starts_at: { type: 'string', format: 'date-time' },
    amount: { type: 'integer' },
    currency: { type: 'string' },
    status: { type: 'string', enum: [null, 'paid', 'open'] },
    archived: { type: 'boolean' },
    main_photo: { type: ['string', 'null'] },
    locations: { type: 'array' },
    address: { type: 'object' },
    nothing: { type: 'null' },
  },
};

describe('sample records', () => {
  it('give each field a value of its kind, numbered by the record', () => {
    const two = sampleRecord(record, 2, (n) => `Sample ${n}`, 'UAH');
    expect(two).toMatchObject({
      id: 2,
      client_id: 2,
      first_name: 'Sample 2',
      email: 'sample2@example.com',
      phone: '+44 20 7946 0958',
      amount: 2000,
      currency: 'UAH',
      status: 'paid',
      archived: false,
      main_photo: null,
      locations: [],
      address: {},
      nothing: null,
    });
    expect(two.birthday).toMatch(/^\d{4}-\d\d-\d\d$/);
    expect(Number.isNaN(Date.parse(String(two.starts_at)))).toBe(false);
    expect(sampleRecord(record, 1, String).archived).toBe(true);
  });

  it('leave a currency out when the host names none, and still answer a record without a schema', () => {
    expect(sampleRecord(record, 1, String).currency).toBeNull();
    expect(sampleRecord(undefined, 3, String)).toEqual({ id: 3 });
  });
});
