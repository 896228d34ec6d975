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

  it('takes a receipt as an image or a PDF by its content, refusing a PDF named otherwise where images are asked, and a large file', async () => {
    const fs = await import('node:fs/promises');
    const send = (url: string, name: string, content: Buffer, type: string) => {
      const { payload, headers } = multipart(name, content, type);
      return t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...headers, 'x-xsrf-token': owner.cookies['XSRF-TOKEN'] },
        cookies: owner.cookies,
      });
    };
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
    const files = async () => (await fs.readdir(t.uploadsDir)).length;
    const before = await files();
    const ok = await send('/api/v1/uploads?kind=document', 'receipt.bin', pdf, 'application/octet-stream');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.url).toMatch(/^\/uploads\/[0-9a-f]{32}\.pdf$/);
    expect((await send('/api/v1/uploads?kind=document', 'me.png', png, 'image/png')).statusCode).toBe(201);
    // Where an image is asked for, a PDF is refused; a text file named .pdf is refused everywhere.
    expect((await send('/api/v1/uploads', 'receipt.pdf', pdf, 'application/pdf')).statusCode).toBe(422);
    const fake = await send('/api/v1/uploads?kind=document', 'receipt.pdf', Buffer.from('hello'), 'application/pdf');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors.file).toEqual(['The file must be an image (JPEG, PNG, WebP or GIF) or a PDF.']);
    const big = Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    expect((await send('/api/v1/uploads?kind=document', 'big.pdf', big, 'application/pdf')).statusCode).toBe(422);
    expect(await files()).toBe(before + 2);
  });

  it('is closed to guests', async () => {
    const { payload, headers } = multipart('me.png', png, 'image/png');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers })).statusCode).toBe(419);
  });
});
