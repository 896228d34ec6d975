import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { testApp, type TestApp } from '../helpers/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

describe('GET /api/v1/ui/manifest', () => {
  it('serves navigation, screens and resources with an ETag, and 304 when unchanged', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.screens.map((s: { id: string }) => s.id)).toEqual(
      expect.arrayContaining(['clients.list', 'clients.form', 'clients.detail', 'auth.login']),
    );
    expect(data.resources.clients).toMatchObject({ path: '/api/v1/clients', subject: 'Client', archivable: true });
    const etag = res.headers.etag as string;
    expect(etag).toBe(`"${data.hash}"`);
    const again = await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });
});

describe('schemas at run time', () => {
  it('serves edited schema files after a restart, with a new ETag and validator URL, without a build', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(path.resolve(__dirname, '../../schemas'), dir, { recursive: true });
    const first = await testApp({ schemasDir: dir });
    const before = (await first.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' })).json().data;
    await first.close();
    const file = path.join(dir, 'screens/clients/list.json');
    const screen = JSON.parse(fs.readFileSync(file, 'utf8'));
    screen.views = ['table'];
    fs.writeFileSync(file, JSON.stringify(screen));
    const resourceFile = path.join(dir, 'resources/clients.json');
    const resource = JSON.parse(fs.readFileSync(resourceFile, 'utf8'));
    resource.properties.first_name.maxLength = 100;
    fs.writeFileSync(resourceFile, JSON.stringify(resource));
    const second = await testApp({ schemasDir: dir });
    const after = (await second.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' })).json().data;
    const served = (await second.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.list' })).json().data;
    await second.close();
    expect(after.hash).not.toBe(before.hash);
    expect(after.resources.clients.validator).not.toBe(before.resources.clients.validator);
    expect(served.views).toEqual(['table']);
  });
});

describe('GET /api/v1/ui/screens/:id', () => {
  it('serves a form screen with the writable schema of its resource', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/clients.form' })).json();
    expect(data.kind).toBe('form');
    expect(data.schema.$id).toBe('clients');
    expect(data.schema.required).toEqual(['first_name']);
    expect(data.schema.properties.id).toBeUndefined();
    expect(data.schema.properties['x-resource']).toBeUndefined();
  });

  it('answers 404 for an unknown screen', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ui/screens/nope.nope' })).statusCode).toBe(404);
  });
});

describe('GET /api/ui/validators/:file', () => {
  it('serves a standalone ES module that validates like the server, with no runtime requires', async () => {
    const { data } = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' })).json();
    const res = await t.app.inject({ method: 'GET', url: data.resources.clients.validator });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).not.toContain('require(');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'validator-')), 'clients.mjs');
    fs.writeFileSync(file, res.body);
    // jest's module system cannot import ESM; a child Node process does, as the browser would.
    const { execFileSync } = await import('node:child_process');
    const script = `import v from ${JSON.stringify(pathToFileURL(file).href)}; console.log(JSON.stringify([v({ first_name: 'A' }), v({ first_name: 'A', email: 'bad' }), v({}), v.errors?.[0]?.params]));`;
    const out = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script]).toString());
    expect(out).toEqual([true, false, false, { missingProperty: 'first_name' }]);
  });

  it('answers 404 for an outdated hash', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ui/validators/clients.0000000000000000.mjs' })).statusCode,
    ).toBe(404);
  });
});

describe('GET /api/v1/ui/locales/:lng', () => {
  it('serves both locales', async () => {
    const en = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/locales/en' })).json();
    const uk = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/locales/uk' })).json();
    expect(en.fields.clients.first_name).toBe('First name');
    expect(uk.fields.clients.first_name).toBe("Ім'я");
  });
});

describe('security headers and docs', () => {
  it('sends a Content-Security-Policy without unsafe-eval', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes OpenAPI generated from the resource schemas at /api/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/clients', '/api/v1/clients/{id}', '/api/v1/clients/export']),
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers malformed JSON with a 4xx, never a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
