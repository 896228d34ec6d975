import { unzipSync, strFromU8 } from 'fflate';
import { createUser, loggedIn, testApp, type Agent, type TestApp } from '../../helpers/app';
import { checkout, newClient, newService, book } from '../../helpers/payments-studio';
import { runExportsDue } from '../../../src/server/features/data-export/due';
import { exportJobs } from '../../../src/server/features/data-export/make';
import { recordExport } from '../../../src/server/features/data-export/store';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ appUrl: 'http://app.test' });
});
afterAll(async () => t.close());

const SETTINGS = '/api/v1/user/export-information-settings';
const EXPORTS = '/api/v1/user/export-information';
const EVIL = '=HYPERLINK("http://evil.example","Click")';

/** Runs the archives waiting on the queue, as a worker would. */
async function work(attempt = 1) {
  const jobs = exportJobs(t.app, { appUrl: 'http://app.test' });
  const due = await t.app.db
    .selectFrom('jobs')
    .select(['id', 'name', 'data'])
    .where('name', '=', 'export-information.make')
    .where('status', '=', 'waiting')
    .orderBy('id')
    .execute();
  for (const job of due) {
    await jobs[job.name](JSON.parse(job.data), { id: String(job.id), name: job.name, attempt });
    await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
  }
  return due.length;
}

const csvSettings = {
  automatic: false,
  frequency: 'monthly',
  parts: ['clients', 'income'],
  format: 'csv',
  delivery: 'email',
};

async function premiumOwner(): Promise<{ agent: Agent; id: number; email: string }> {
  const { agent, user } = await loggedIn(t.app);
  const service = await newService(agent, 4000);
  const ann = await newClient(agent, 'Ann');
  const evil = await newClient(agent, EVIL);
  const a = await book(agent, service, [ann], '2026-03-02');
  await checkout(agent, { client_id: ann, appointment_ids: [a], payments: [{ method: 'cash', amount: 4000 }] });
  await checkout(agent, { client_id: evil, payments: [{ method: 'card', amount: 1250 }] });
  return { agent, id: user.id, email: user.email };
}

describe('export information', () => {
  it('is Premium: a Business owner gets a 403 naming Premium for its settings, list and export now', async () => {
    const { agent } = await loggedIn(t.app, { plan_name: 'Business Monthly' });
    for (const res of [
      await agent.get(SETTINGS),
      await agent.put(SETTINGS, csvSettings),
      await agent.get(EXPORTS),
      await agent.post(EXPORTS),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Premium/);
    }
    expect(await t.app.db.selectFrom('data_exports').selectAll().execute()).toEqual([]);
  });

  it('keeps the settings, refusing in words what cannot be, and changing nothing then', async () => {
    const { agent } = await loggedIn(t.app);
    expect((await agent.get(SETTINGS)).json().data).toEqual({
      automatic: false,
      frequency: 'monthly',
      parts: ['clients', 'services', 'products', 'income', 'expenses', 'invoices'],
      format: 'xlsx',
      delivery: 'email',
    });
    for (const bad of [
      { ...csvSettings, parts: [] },
      { ...csvSettings, parts: ['clients', 'passwords'] },
      { ...csvSettings, frequency: 'hourly' },
      { ...csvSettings, parts: ['clients', 'clients'] },
    ]) {
      const res = await agent.put(SETTINGS, bad);
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
    }
    expect((await agent.get(SETTINGS)).json().data.format).toBe('xlsx');
    const saved = await agent.put(SETTINGS, { ...csvSettings, automatic: true, frequency: 'weekly' });
    expect(saved.statusCode).toBe(200);
    expect((await agent.get(SETTINGS)).json().data).toEqual({ ...csvSettings, automatic: true, frequency: 'weekly' });
  });

  it('makes one manual archive at a time even when two asks come together', async () => {
    const { agent, user } = await loggedIn(t.app);
    const id = user.id;
    const asks = await Promise.all([agent.post(EXPORTS), agent.post(EXPORTS), agent.post(EXPORTS)]);
    expect(asks.map((r) => r.statusCode).sort()).toEqual([202, 422, 422]);
    // Past the route's look (as a request that raced it would be), the database itself refuses a second one.
    const settings = { parts: ['clients' as const], format: 'csv' as const, delivery: 'download' as const };
    expect(await recordExport(t.app.db, id, settings)).toBeNull();
    const rows = await t.app.db.selectFrom('data_exports').select('status').where('user_id', '=', id).execute();
    expect(rows).toEqual([{ status: 'queued' }]);
    // Once it is made, the next ask is taken.
    expect(await work()).toBe(1);
    expect(await recordExport(t.app.db, id, settings)).toEqual(expect.any(Number));
    await t.app.db.deleteFrom('jobs').where('name', '=', 'export-information.make').execute();
  });

  it('exports now on the queue: one at a time, a zip of a CSV per part, formulas neutralised, emailed', async () => {
    const { agent, id, email } = await premiumOwner();
    expect((await agent.put(SETTINGS, csvSettings)).statusCode).toBe(200);
    const started = await agent.post(EXPORTS);
    expect(started.statusCode).toBe(202);
    expect(started.json().data).toMatchObject({ kind: 'manual', status: 'queued', parts: ['clients', 'income'] });
    const again = await agent.post(EXPORTS);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.export[0]).toBe('An archive is already being made. Please wait until it is ready.');
    expect(await work()).toBe(1);

    const [ready] = (await agent.get(EXPORTS)).json().data;
    expect(ready).toMatchObject({
      status: 'ready',
      format: 'csv',
      file_name: expect.stringMatching(/^soloist-export-/),
    });
    const download = await agent.get(`${EXPORTS}/${ready.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.rawPayload.length).toBe(ready.size);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual([expect.stringMatching(/^clients-.*\.csv$/), expect.stringMatching(/^income-.*\.csv$/)]);
    const clients = strFromU8(files[names[0]]);
    expect(clients).toContain('Ann');
    expect(clients).toContain(`'=HYPERLINK`);
    expect(clients).not.toMatch(/(^|,)"?=HYPERLINK/m);
    const income = strFromU8(files[names[1]]);
    expect(income.split('\n')[0]).toBe('Date,Client,Type,Method,Amount (GBP),Note');
    expect(income).toContain('Income,,,,52.5,');

    const mail = await t.app.db.selectFrom('outbox').selectAll().where('user_id', '=', id).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({
      recipient: email,
      subject: expect.stringMatching(/^Your Soloist data export of /),
    });
    // Run again (a worker that died before the queue recorded it): nothing is made or sent twice.
    await t.app.db
      .updateTable('jobs')
      .set({ status: 'waiting' })
      .where('name', '=', 'export-information.make')
      .execute();
    await work();
    expect(await t.app.db.selectFrom('outbox').selectAll().where('user_id', '=', id).execute()).toHaveLength(1);

    // Another owner neither sees nor downloads it.
    const { agent: other } = await loggedIn(t.app);
    expect((await other.get(`${EXPORTS}/${ready.id}/download`)).statusCode).toBe(404);
    expect((await other.get(EXPORTS)).json().data).toEqual([]);
  });

  it('makes an automatic archive once a week in the owner’s own week, and none for a plan without it', async () => {
    const { agent, id } = await premiumOwner();
    expect((await agent.put(SETTINGS, { ...csvSettings, automatic: true, frequency: 'weekly' })).statusCode).toBe(200);
    // A Business owner whose settings still say automatic (from when they were on Premium) gets none.
    const business = await createUser(t.app, { plan_name: 'Business Monthly' });
    await t.app.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ exportInformation: { ...csvSettings, automatic: true } }) })
      .where('id', '=', business.id)
      .execute();
    const kinds = async (userId: number) =>
      (await t.app.db.selectFrom('data_exports').select('period_key').where('user_id', '=', userId).execute()).map(
        (r) => r.period_key,
      );
    const wednesday = Date.parse('2026-11-25T12:00:00Z');
    await runExportsDue(t.app, wednesday);
    await runExportsDue(t.app, wednesday + 3_600_000);
    // Sunday 23:30 in London is still the week of Monday 23 November.
    await runExportsDue(t.app, Date.parse('2026-11-29T23:30:00Z'));
    expect(await kinds(id)).toEqual(['week:2026-11-23']);
    await runExportsDue(t.app, Date.parse('2026-11-30T00:30:00Z'));
    expect((await kinds(id)).sort()).toEqual(['week:2026-11-23', 'week:2026-11-30']);
    expect(await kinds(business.id)).toEqual([]);
    await work();
    const archives = (await agent.get(EXPORTS)).json().data;
    expect(archives.map((a: { kind: string; status: string }) => [a.kind, a.status])).toEqual([
      ['automatic', 'ready'],
      ['automatic', 'ready'],
    ]);
  });

  it('records an archive failed, made and sent to nobody, when the owner’s plan lost the feature meanwhile', async () => {
    const { agent, id } = await premiumOwner();
    await agent.put(SETTINGS, csvSettings);
    expect((await agent.post(EXPORTS)).statusCode).toBe(202);
    await t.app.db.updateTable('users').set({ plan_name: 'Business Monthly' }).where('id', '=', id).execute();
    await work();
    const row = await t.app.db
      .selectFrom('data_exports')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', archive: null });
    expect(await t.app.db.selectFrom('outbox').selectAll().where('user_id', '=', id).execute()).toEqual([]);
  });
});
