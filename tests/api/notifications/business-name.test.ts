import { notificationJobs, scanAppointmentMessages } from '../../../src/server/features/notifications/scan';
import { senderOf } from '../../../src/server/features/marketing/campaigns';
import { testApp, type Agent, type TestApp } from '../../helpers/app';
import { campaignDeps } from '../../helpers/campaign-studio';
import { messageStudio } from '../../helpers/message-studio';
import { pdfPages } from '../../helpers/pdf-text';

/**
 * `{business_name}` is the business as its invoices name it (invoice settings' business name), in reminders,
 * campaigns, a template's preview and the net income file — not the owner's personal name.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => t.close());

const nameBusiness = (agent: Agent, business_name: string | null) =>
  agent.put('/api/v1/user/invoice-settings', { prefix: 'INV-', start_number: 1, due_days: 14, business_name });

/** Scans, then runs every appointment message job waiting, as the queue's worker would. */
async function runClock() {
  const jobs = notificationJobs(t.app, { i18n: t.app.schemas.i18n, appUrl: 'http://app.test' });
  await scanAppointmentMessages(t.app);
  const due = await t.app.db
    .selectFrom('jobs')
    .select(['id', 'data'])
    .where('name', '=', 'message.appointment')
    .where('status', '=', 'waiting')
    .execute();
  for (const job of due) {
    await jobs['message.appointment'](JSON.parse(job.data), { id: String(job.id), name: 'x', attempt: 1 });
    await t.app.db.updateTable('jobs').set({ status: 'done' }).where('id', '=', job.id).execute();
  }
}

describe('{business_name}', () => {
  it('is the business’s name from the invoice settings, else the owner’s own', async () => {
    const { agent, user } = await messageStudio(t);
    expect((await agent.get('/api/v1/user/message-voice')).json().data.business_name).toBe('Test User');
    expect((await nameBusiness(agent, '  Hart Hair ')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/user/message-voice')).json().data.business_name).toBe('Hart Hair');
    const { sender } = await senderOf(t.app, campaignDeps(t) as never, user.id);
    expect(sender.businessName).toBe('Hart Hair');
  });

  it('names the business in a reminder', async () => {
    const { agent, user } = await messageStudio(t);
    await nameBusiness(agent, 'Hart Hair');
    const sms = { reminder_enabled: true, reminder_hours: [24], reminder_text: null };
    expect(
      (
        await agent.put('/api/v1/user/sms-notification-settings', {
          ...sms,
          thank_you_enabled: false,
          thank_you_text: null,
        })
      ).statusCode,
    ).toBe(200);
    await runClock();
    const sent = await t.app.db
      .selectFrom('outbox')
      .select(['channel', 'body'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'reminder')
      .where('channel', '=', 'sms')
      .executeTakeFirstOrThrow();
    expect(sent.body).toMatch(/^Hart Hair: reminder of your Colour/);
  });

  it('heads the net income file', async () => {
    const { agent } = await messageStudio(t);
    await nameBusiness(agent, 'Hart Hair');
    const pdf = await agent.post('/api/v1/payments/net-income/export', { format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    const text = pdfPages(pdf.rawPayload).join('\n');
    expect(text).toContain('Hart Hair');
    expect(text).not.toContain('Test User');
  });
});
