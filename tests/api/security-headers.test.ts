import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { CONTENT_SECURITY_POLICY } from '../../src/server/plugins/security-headers';
import { loggedIn, testApp, type TestApp } from '../helpers/app';

/**
 * Security headers on every kind of answer the server gives: the page, the API (its successes, refusals and
 * errors), the API's docs, the built app's assets and other files, uploads (whole, in part, unchanged and
 * missing) and the not-found answers of each.
 */
let t: TestApp;
const web = fs.mkdtempSync(path.join(os.tmpdir(), 'soloist-web-'));
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

beforeAll(async () => {
  fs.mkdirSync(path.join(web, 'assets'));
  const write = (name: string, text: string) => {
    fs.writeFileSync(path.join(web, name), text);
    fs.writeFileSync(path.join(web, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(web, `${name}.gz`), zlib.gzipSync(text));
  };
  write('index.html', '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>');
  write('assets/app.0123456789ab.js', 'console.log(1);');
  write('assets/app.0123456789ab.css', 'body{margin:0}');
  write('assets/app.0123456789ab.js.map', '{"version":3,"sources":[],"mappings":""}');
  write('chunks.json', '{}');
  write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  t = await testApp({ webDir: web });
  fs.writeFileSync(path.join(t.uploadsDir, '0123456789abcdef0123456789abcdef.png'), png);
  fs.writeFileSync(path.join(t.uploadsDir, '0123456789abcdef0123456789abcdef.pdf'), pdf);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** What a document of the app (the page, an API answer, any JSON or SVG) carries. */
function expectDocumentHeaders(res: LightMyRequestResponse, what: string) {
  expect({ what, csp: res.headers['content-security-policy'] }).toEqual({ what, csp: CONTENT_SECURITY_POLICY });
  expect({ what, headers: res.headers }).toMatchObject({
    what,
    headers: {
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** What an upload carries, whatever it is and whatever the answer: nothing in it runs, loads or is framed. */
function expectUploadHeaders(res: LightMyRequestResponse, what: string) {
  expect({ what, headers: res.headers }).toMatchObject({
    what,
    headers: {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
    },
  });
  // An owner's files are never kept by a shared cache for someone else.
  if (res.statusCode === 200 || res.statusCode === 206)
    expect({ what, cache: res.headers['cache-control'] }).toEqual({ what, cache: 'private, no-cache' });
}

describe('security headers', () => {
  it('are on the page, at the root and on every app route', async () => {
    for (const url of ['/', '/login', '/clients/list', '/online-booking/some-page']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expectDocumentHeaders(res, url);
    }
  });

  it('are on API answers: data, a guest’s 401, a refusal in words, a 404 and malformed JSON', async () => {
    const { agent } = await loggedIn(t.app);
    const answers: Array<[string, LightMyRequestResponse, number]> = [
      ['manifest', await get('/api/v1/ui/manifest'), 200],
      ['csrf cookie', await get('/sanctum/csrf-cookie'), 204],
      ['guest', await get('/api/v1/user'), 401],
      ['refusal', await agent.post('/api/v1/clients', {}), 422],
      ['unknown call', await agent.get('/api/v1/no-such-call'), 404],
      ['docs', await get('/api/docs/json'), 200],
      [
        'malformed',
        await agent.request('POST', '/api/v1/clients', '{bad', { 'content-type': 'application/json' }),
        400,
      ],
      ['without the CSRF token', await t.app.inject({ method: 'POST', url: '/api/login', payload: {} }), 419],
    ];
    for (const [what, res, status] of answers) {
      expect({ what, status: res.statusCode }).toEqual({ what, status });
      expectDocumentHeaders(res, what);
    }
  });

  it('are on the app’s own files that are not a page’s subresources, and its missing files', async () => {
    for (const url of [
      '/chunks.json',
      '/assets/app.0123456789ab.js.map',
      '/favicon.svg',
      '/assets/gone.0123456789ab.js',
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: url.includes('gone') ? 404 : 200 });
      expectDocumentHeaders(res, url);
    }
  });

  it('leave a page’s scripts and styles with nosniff alone (the page’s policy governs them)', async () => {
    for (const url of ['/assets/app.0123456789ab.js', '/assets/app.0123456789ab.css']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBeUndefined();
    }
  });

  it('are on every answer under /uploads: an image, a PDF, a part of one, an unchanged one and a missing one', async () => {
    const image = await get('/uploads/0123456789abcdef0123456789abcdef.png');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expectUploadHeaders(image, 'image');
    const document = await get('/uploads/0123456789abcdef0123456789abcdef.pdf');
    expect(document.headers['content-type']).toBe('application/pdf');
    expectUploadHeaders(document, 'pdf');
    const part = await get('/uploads/0123456789abcdef0123456789abcdef.png', { range: 'bytes=0-3' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(4);
    expectUploadHeaders(part, 'range');
    const unsatisfiable = await get('/uploads/0123456789abcdef0123456789abcdef.png', { range: 'bytes=900-999' });
    expect(unsatisfiable.statusCode).toBe(416);
    expectUploadHeaders(unsatisfiable, 'range out of the file');
    const unchanged = await get('/uploads/0123456789abcdef0123456789abcdef.png', {
      'if-none-match': String(image.headers.etag),
    });
    expect(unchanged.statusCode).toBe(304);
    expectUploadHeaders(unchanged, 'unchanged');
    const head = await t.app.inject({ method: 'HEAD', url: '/uploads/0123456789abcdef0123456789abcdef.png' });
    expectUploadHeaders(head, 'head');
    for (const [url, status] of [
      ['/uploads/missing.png', 404],
      ['/uploads/a.png?x=1', 404],
      ['/uploads/..%2f..%2fetc%2fpasswd', 404],
      ['/uploads/', 403],
    ] as const) {
      const missing = await get(url);
      expect({ url, status: missing.statusCode }).toEqual({ url, status });
      expectUploadHeaders(missing, url);
    }
  });
});
