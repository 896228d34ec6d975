import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { testApp, type TestApp } from '../helpers/app';

/**
 * The built app's page and assets as the server sends them: the root opens the app (spec §2: `/` leads to the
 * dashboard), and every text asset goes compressed with the encoding the browser accepts.
 */
describe('web: the page and its assets', () => {
  let t: TestApp;
  const web = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-web-'));
  const page = '<!doctype html><html><head><title>Soloist</title></head><body><div id="root"></div></body></html>';
  const chunk = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    fs.mkdirSync(path.join(web, 'assets'));
    const write = (name: string, text: string) => {
      fs.writeFileSync(path.join(web, name), text);
      fs.writeFileSync(path.join(web, `${name}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(web, `${name}.gz`), zlib.gzipSync(text));
    };
    write('index.html', page);
    write('assets/app.0123456789ab.js', chunk);
    t = await testApp({ webDir: web });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(web, { recursive: true, force: true });
  });

  it('answers / with the app page, not a 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
  });

  // Node's HTTP server sends no body for HEAD, whatever the handler writes.
  it('answers HEAD on app routes as GET does, and never on an API path', async () => {
    for (const url of ['/', '/login', '/clients/list']) {
      const res = await t.app.inject({ method: 'HEAD', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    // An API path is never answered with the page.
    const api = await t.app.inject({ method: 'HEAD', url: '/api/v1/no-such-thing' });
    expect(api.statusCode).not.toBe(200);
    expect(api.headers['content-type']).toMatch(/json/);
  });

  it('sends a hashed chunk as brotli or gzip by Accept-Encoding, cached for a year', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app.0123456789ab.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(chunk.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/app.0123456789ab.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(chunk);

    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app.0123456789ab.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(chunk);
  });

  it('sends the page compressed on app routes and at the root, private and always revalidated', async () => {
    for (const url of ['/', '/clients/list', '/online-booking/olivia-hart']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/text\/html/);
      // It carries the visitor's own answers (their user): never cached, never shared.
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.vary).toMatch(/cookie/i);
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="application/json" id="soloist-preload">');
    }
    const gz = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('<div id="root"></div>');
    const plain = await t.app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root"></div>');
  });

  it('sends document headers with the page and only nosniff with its scripts', async () => {
    const html = await t.app.inject({ method: 'GET', url: '/login' });
    expect(html.headers['content-security-policy']).toContain("script-src 'self'");
    expect(html.headers['x-frame-options']).toBe('DENY');
    const js = await t.app.inject({ method: 'GET', url: '/assets/app.0123456789ab.js' });
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    for (const name of ['content-security-policy', 'x-frame-options', 'permissions-policy', 'referrer-policy'])
      expect(js.headers[name]).toBeUndefined();
  });

  it('compresses API answers by Accept-Encoding, and sends them plain to a client that asks so', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/locales/en',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    const texts = JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString());
    expect(texts.app).toBeDefined();
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(texts).length / 2);
    const gz = await t.app.inject({
      method: 'GET',
      url: '/api/v1/ui/manifest',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString()).data.screens.length).toBeGreaterThan(10);
    const plain = await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().data.screens.length).toBeGreaterThan(10);
    // The login form's validator module, preloaded on a phone's first visit.
    const validator = plain.json().data.resources.login.validator as string;
    const module = await t.app.inject({ method: 'GET', url: validator, headers: { 'accept-encoding': 'br' } });
    expect(module.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(module.rawPayload).toString()).toContain('export default');
  });

  it('answers a missing file with a 404, not the page', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/assets/missing.js', headers: { 'accept-encoding': 'br' } }))
        .statusCode,
    ).toBe(404);
  });
});
