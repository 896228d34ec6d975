import { loggedIn, testApp, type Agent, type TestApp } from '../helpers/app';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await testApp();
  ({ agent: owner } = await loggedIn(t.app));
});
afterAll(async () => t.close());

describe('POST /api/v1/uploads', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
  const multipart = (name: string, content: Buffer, type: string) => {
    const boundary = '----soloist';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };

  it('stores an image and serves it back', async () => {
    const { payload, headers } = multipart('me.png', png, 'image/png');
    const res = await owner.request('POST', '/api/v1/uploads', undefined, headers as Record<string, string>);
    expect(res.statusCode).toBe(422); // no body: the file is required
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      payload,
      headers: { ...headers, 'x-xsrf-token': owner.cookies['XSRF-TOKEN'] },
      cookies: owner.cookies,
    });
    expect(up.statusCode).toBe(201);
    const url = up.json().data.url as string;
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const back = await t.app.inject({ method: 'GET', url });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(png)).toBe(true);
    const client = await owner.post('/api/v1/clients', { first_name: 'Photo', main_photo: url });
    expect(client.json().data.main_photo).toBe(url);
  });

  it('refuses a file that is not an image, whatever it claims', async () => {
    const { payload, headers } = multipart('evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/uploads',
      payload,
      headers: { ...headers, 'x-xsrf-token': owner.cookies['XSRF-TOKEN'] },
      cookies: owner.cookies,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['The file must be an image (JPEG, PNG, WebP or GIF).']);
  });

  it('is closed to guests', async () => {
    const { payload, headers } = multipart('me.png', png, 'image/png');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers })).statusCode).toBe(419);
  });
});
