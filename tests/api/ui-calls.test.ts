import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { testApp } from '../helpers/app';

/** A copy of the product's schemas with `edit` applied to its calls.json. */
function schemasWith(edit: (calls: Record<string, unknown>) => void): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  fs.cpSync(path.resolve(__dirname, '../../schemas'), dir, { recursive: true });
  const file = path.join(dir, 'calls.json');
  const json = JSON.parse(fs.readFileSync(file, 'utf8'));
  edit(json.calls);
  fs.writeFileSync(file, JSON.stringify(json));
  return dir;
}

describe('named calls in the manifest', () => {
  it('serves each declared call with its method, path, resource and what it invalidates', async () => {
    const t = await testApp();
    try {
      const { data } = (await t.app.inject({ method: 'GET', url: '/api/v1/ui/manifest' })).json();
      expect(data.calls['booking.page']).toEqual({ method: 'GET', path: '/api/v1/online-booking/:slug' });
      expect(data.calls['payments.create']).toMatchObject({
        method: 'POST',
        path: '/api/v1/payments',
        invalidates: expect.arrayContaining(['payments', 'sales', 'appointments']),
      });
      expect(data.calls['subscription.cards']).toMatchObject({ resource: 'subscription' });
    } finally {
      await t.close();
    }
  });

  it('refuses to start when a call is not a route of the server', async () => {
    const dir = schemasWith((calls) => {
      calls['reports.nowhere'] = { method: 'GET', path: '/api/v1/nowhere/:id' };
      // A real path with a method it does not answer is no route either.
      calls['clients.patch'] = { method: 'PATCH', path: '/api/v1/clients/:id' };
    });
    await expect(testApp({ schemasDir: dir })).rejects.toThrow(
      /reports\.nowhere: GET \/api\/v1\/nowhere\/:id is not a route[\s\S]*clients\.patch: PATCH/,
    );
  });

  it('refuses a call that invalidates a name nothing is cached under', async () => {
    const dir = schemasWith((calls) => {
      calls['payments.create'] = { method: 'POST', path: '/api/v1/payments', invalidates: ['paymnets'] };
    });
    await expect(testApp({ schemasDir: dir })).rejects.toThrow(/nothing is cached under "paymnets"/);
  });
});
