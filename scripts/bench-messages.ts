/**
 * The reminder clock (bench section `messages`): one scan for the reminders and thank-yous due now, over 100,000
 * upcoming appointments of 1,000 owners (each with email and SMS reminders a day and two hours before, 20 clients
 * reachable both ways), through the real app on SQLite. The first scan asks for the messages due (one job each);
 * later scans find the same ones and add nothing. Median and worst of 7 scans.
 */
import { benchApp } from './bench-app';
import { scanAppointmentMessages } from '../src/server/features/notifications/scan';

type Row = (what: string, figure: string, target?: string) => void;

const HOUR = 3_600_000;
const OWNERS = 1000;
const APPOINTMENTS = 100_000;
const CLIENTS_PER_OWNER = 20;

export async function benchMessages(row: Row, tmp: string): Promise<void> {
  const app = await benchApp(tmp, 'messages');
  const sqlite = app.dbHandle.sqlite!;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const created = iso(now - 30 * 24 * HOUR);
  const messages = { reminder: { enabled: true, hours_before: [24, 2] }, thank_you: { enabled: true } };
  const settings = JSON.stringify({ notificationSettings: { sms: { messages }, email: { messages } } });
  const owner = sqlite.prepare(
    `insert into users (email, password_hash, first_name, last_name, plan_name, subscription_status, settings, created_at, updated_at) values (?, 'x', 'Bench', 'Owner', 'Premium Monthly', 'active', ?, ?, ?)`,
  );
  const client = sqlite.prepare(
    `insert into clients (user_id, first_name, email, phone, email_reminders, sms_reminders, marketing_messages, opt_out, created_at, updated_at) values (?, 'Client', ?, ?, 1, 1, 1, 0, ?, ?)`,
  );
  const appointment = sqlite.prepare(
    `insert into appointments (user_id, type, title, date, start_time, end_time, duration, starts_at, ends_at, created_at, updated_at) values (?, 'private', 'Visit', ?, ?, ?, 60, ?, ?, ?, ?)`,
  );
  const attendee = sqlite.prepare(
    `insert into appointment_clients (appointment_id, client_id, status, position) values (?, ?, 'pending', 0)`,
  );
  let seed = 11;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  sqlite.transaction(() => {
    const clients: number[][] = [];
    for (let o = 0; o < OWNERS; o++) {
      const id = Number(owner.run(`owner${o}@bench.test`, settings, created, created).lastInsertRowid);
      const own: number[] = [id];
      for (let c = 0; c < CLIENTS_PER_OWNER; c++)
        own.push(
          Number(
            client.run(id, `c${o}-${c}@bench.test`, `+4477009${String(o * 20 + c).padStart(5, '0')}`, created, created)
              .lastInsertRowid,
          ),
        );
      clients.push(own);
    }
    // Spread over the next 60 days, on quarter hours.
    for (let i = 0; i < APPOINTMENTS; i++) {
      const [ownerId, ...own] = clients[i % OWNERS];
      const start = Math.floor((now + rnd() * 60 * 24 * HOUR) / 900_000) * 900_000;
      const s = iso(start);
      const e = iso(start + HOUR);
      const id = appointment.run(
        ownerId,
        s.slice(0, 10),
        s.slice(11, 16),
        e.slice(11, 16),
        s,
        e,
        created,
        created,
      ).lastInsertRowid;
      attendee.run(id, own[Math.floor(rnd() * own.length)]);
    }
  })();
  const times: number[] = [];
  let asked = 0;
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const added = await scanAppointmentMessages(app, now);
    times.push(performance.now() - started);
    if (i === 0) asked = added;
  }
  const jobs = sqlite.prepare(`select count(*) as n from jobs where name = 'message.appointment'`).get() as {
    n: number;
  };
  const sorted = [...times].sort((a, b) => a - b);
  row(
    'reminder scan, 100k upcoming appointments (median · worst of 7)',
    `${sorted[3].toFixed(0)} ms · ${sorted[6].toFixed(0)} ms · ${asked} messages due · ${jobs.n} jobs (once each)`,
    '≤ 1 s per run',
  );
  await app.close();
}
