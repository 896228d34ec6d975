import type { FastifyInstance } from 'fastify';
import { defineAbilityFor, type AppAbility } from '../../../../permissions/defineAbilityFor';
import { currencyOf } from '../../../domain/currency';
import { calendarSettingsOf } from '../../../domain/calendar-settings';
import { todayIn } from '../../../domain/dates';
import { nowIso } from '../../db/database';
import { businessNameOf } from '../../infra/business-voice';
import type { JobHandler } from '../../infra/queue/queue';
import { toSessionUser, type SessionUser } from '../../infra/sessions';
import { abilitySubject } from '../../infra/users';
import { buildArchive, type ArchiveOwner } from './archive';
import type { ExportPart } from './settings';

/** Runs of one archive's job before it is recorded failed. */
export const ATTEMPTS = 3;
/** The largest archive sent as an attachment; a larger one is sent as a link to the screen. */
export const ATTACH_UP_TO = 10 * 1024 * 1024;
export const SCREEN = '/account-setup/helpful-tools/export-information';

/** The owner's account, as it is now, with their abilities and the words and days their files are written in. */
export async function ownerContext(
  app: FastifyInstance,
  userId: number,
): Promise<{ user: SessionUser; owner: ArchiveOwner } | null> {
  const row = await app.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const user = toSessionUser(row as unknown as Record<string, unknown>);
  const language = user.locale === 'uk' ? 'uk' : 'en';
  const ability: AppAbility = defineAbilityFor(abilitySubject(user), app.schemas.current.rules);
  return {
    user,
    owner: {
      ability,
      t: app.translator(language),
      locale: `${language}-${user.region}`,
      today: todayIn(calendarSettingsOf(user).time_zone),
      currency: currencyOf(user),
      business: businessNameOf(user),
    },
  };
}

/** Puts an archive on the queue to be made (once: the same archive asked for twice is made once). */
export const queueExport = (app: FastifyInstance, id: number) =>
  app.queue.add('export-information.make', { id }, { key: `data-export:${id}`, attempts: ATTEMPTS });

/**
 * Makes one archive: its parts read with the owner's abilities as they are now (a plan that lost export information
 * gets none made), stored with the record, then — when the owner chose email — sent to them, attached while small
 * enough, else as a link to download it. A run repeated after the archive was stored changes nothing and sends
 * nothing; a run that fails is tried again, and after the last try the archive is recorded failed with the reason.
 */
export function exportJobs(app: FastifyInstance, deps: { appUrl: string }): Record<string, JobHandler> {
  const finish = (id: number, values: Record<string, unknown>) =>
    app.db
      .updateTable('data_exports')
      .set({ ...values, finished_at: nowIso() })
      .where('id', '=', id)
      .execute();
  return {
    'export-information.make': async (data, job) => {
      const { id } = data as { id: number };
      const record = await app.db.selectFrom('data_exports').selectAll().where('id', '=', id).executeTakeFirst();
      if (!record || record.status === 'ready' || record.status === 'failed') return;
      const context = await ownerContext(app, record.user_id);
      if (!context) return void (await finish(id, { status: 'failed', error: 'account deleted' }));
      const { user, owner } = context;
      if (!owner.ability.can('create', 'DataExport'))
        return void (await finish(id, { status: 'failed', error: 'export information is not on the plan' }));
      await app.db.updateTable('data_exports').set({ status: 'running' }).where('id', '=', id).execute();
      let archive: { body: Buffer; filename: string };
      try {
        const parts = JSON.parse(record.parts) as ExportPart[];
        archive = await buildArchive(app, owner, parts, record.format === 'csv' ? 'csv' : 'xlsx');
      } catch (err) {
        if (job.attempt < ATTEMPTS) throw err;
        app.log.error({ err, id }, 'export information failed');
        return void (await finish(id, { status: 'failed', error: String((err as Error).message ?? err) }));
      }
      await finish(id, {
        status: 'ready',
        archive: archive.body,
        size: archive.body.length,
        file_name: archive.filename,
      });
      await app.events.notify('data-export.ready', { ownerId: user.id, exportId: id });
      if (record.delivery !== 'email') return;
      const { t } = owner;
      const attach = archive.body.length <= ATTACH_UP_TO;
      await app.mailer.send({
        to: user.email,
        userId: user.id,
        subject: t('exportInformation.mail.subject', { date: owner.today }),
        text: t(attach ? 'exportInformation.mail.attached' : 'exportInformation.mail.link', {
          name: user.first_name,
          link: `${deps.appUrl}${SCREEN}`,
        }),
        attachments: attach
          ? [{ filename: archive.filename, content: archive.body, contentType: 'application/zip' }]
          : undefined,
      });
    },
  };
}
