import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { testApp, type TestApp } from '../helpers/app';

// A local stand-in's pages, served under the app's own address (`/local/<name>/…`) by a proxy loaded on first use.
describe('local pages', () => {
  let upstream: http.Server;
  let t: TestApp;
  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      res.setHeader('content-type', 'text/plain');
      res.end(`stand-in saw ${req.method} ${req.url}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    t = await testApp({ localPages: { checkout: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("passes /local/<name>/… to the stand-in's own path", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/local/checkout/pay/cs_1?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('stand-in saw GET /pay/cs_1?x=1');
  });

  it('serves nothing under a name it was not given', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/local/other/pay' });
    expect(res.statusCode).toBe(404);
  });
});
