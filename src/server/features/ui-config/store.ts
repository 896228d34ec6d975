import type { Db } from '../../db/database';
import { nowIso } from '../../db/database';
import { DomainError, notFound } from '../../infra/domain-error';
import type { Overlay } from '@soloist/renderer/core';

/** What is live and the draft being written (the one `ui_state` row; none yet: nothing changed, nothing live). */
export interface UiState {
  live_release_id: number | null;
  draft: Overlay;
  draft_revision: number;
  draft_base_release_id: number | null;
  updated_at: string | null;
}

const EMPTY: UiState = {
  live_release_id: null,
  draft: { changes: [] },
  draft_revision: 0,
  draft_base_release_id: null,
  updated_at: null,
};

export async function readState(db: Db): Promise<UiState> {
  const row = await db.selectFrom('ui_state').selectAll().where('id', '=', 1).executeTakeFirst();
  return row ? { ...row, draft: JSON.parse(row.draft) as Overlay } : EMPTY;
}

/**
 * Writes the state over the one read (`read`: its draft revision and live release) as one conditional update: a
 * concurrent change that got there first leaves no row matching, and this one is refused with 412.
 */
async function writeState(
  db: Db,
  state: Omit<UiState, 'updated_at'>,
  userId: number,
  read: { revision: number; live: number | null },
): Promise<void> {
  const changed = await db
    .updateTable('ui_state')
    .set({
      live_release_id: state.live_release_id,
      draft: JSON.stringify(state.draft),
      draft_revision: state.draft_revision,
      draft_base_release_id: state.draft_base_release_id,
      updated_by: userId,
      updated_at: nowIso(),
    })
    .where('id', '=', 1)
    .where('draft_revision', '=', read.revision)
    .where((e) => (read.live === null ? e('live_release_id', 'is', null) : e('live_release_id', '=', read.live)))
    .executeTakeFirst();
  if (Number(changed.numUpdatedRows) !== 1) throw stale();
}

/** One row of the append-only audit, in the change's own transaction: who did what, to which revision and release. */
async function audit(
  db: Db,
  row: { admin: number; action: string; revision: number; release: number | null; detail: unknown },
): Promise<void> {
  await db
    .insertInto('ui_audit')
    .values({
      admin_id: row.admin,
      action: row.action,
      revision: row.revision,
      release_id: row.release,
      detail: JSON.stringify(row.detail),
      created_at: nowIso(),
    })
    .execute();
}

/** 412: the draft changed since the caller read it (its revision is not the one they name). */
const stale = () => new DomainError(412, 'uiConfig.stale');

/**
 * Saves the draft over the revision the caller read, in one transaction (two admins saving at once: one wins, the
 * other gets 412, never a silent overwrite). A draft begun after a publish remembers the release it began from. The
 * audit names how it came: saved in the editor, or imported from another installation.
 */
export async function saveDraft(
  db: Db,
  overlay: Overlay,
  revision: number,
  userId: number,
  action: 'save' | 'import' = 'save',
): Promise<UiState> {
  return db.transaction().execute(async (trx) => {
    const state = await readState(trx);
    if (state.draft_revision !== revision) throw stale();
    const fresh = state.draft_revision === 0 || state.draft_base_release_id === state.live_release_id;
    const next = {
      ...state,
      draft: overlay,
      draft_revision: revision + 1,
      draft_base_release_id: fresh ? state.live_release_id : state.draft_base_release_id,
    };
    await writeState(trx, next, userId, { revision, live: state.live_release_id });
    await audit(trx, { admin: userId, action, revision: revision + 1, release: null, detail: overlay });
    return { ...next, updated_at: nowIso() };
  });
}

/** The live release's overlay (none live: no changes). */
async function liveOverlay(db: Db, state: UiState): Promise<Overlay> {
  if (state.live_release_id === null) return { changes: [] };
  const row = await db
    .selectFrom('ui_releases')
    .select('overlay')
    .where('id', '=', state.live_release_id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.overlay) as Overlay;
}

/**
 * Changes the draft the caller read (`revision`, else 412) by `edit`, as one new revision: discarding it (back to
 * what is live) or resetting one screen to the shipped default (its changes taken out).
 */
export async function editDraft(
  db: Db,
  revision: number,
  userId: number,
  what: { action: 'discard' | 'reset'; detail: unknown },
  edit: (draft: Overlay, live: Overlay) => Overlay,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const state = await readState(trx);
    if (state.draft_revision !== revision) throw stale();
    const draft = edit(state.draft, await liveOverlay(trx, state));
    await writeState(
      trx,
      { ...state, draft, draft_revision: revision + 1, draft_base_release_id: state.live_release_id },
      userId,
      { revision, live: state.live_release_id },
    );
    await audit(trx, { admin: userId, ...what, revision: revision + 1, release: null });
  });
}

/** An overlay by name: the draft, what is live, or a release by its id (404 when there is none). */
export async function overlayAt(db: Db, which: string): Promise<Overlay> {
  const state = await readState(db);
  if (which === 'draft') return state.draft;
  if (which === 'live') return liveOverlay(db, state);
  const row = await db.selectFrom('ui_releases').select('overlay').where('id', '=', Number(which)).executeTakeFirst();
  if (!row) throw notFound();
  return JSON.parse(row.overlay) as Overlay;
}

/** A release: an overlay made live, with its note. */
async function release(db: Db, overlay: Overlay, note: string, userId: number, copiedFrom: number | null) {
  const row = await db
    .insertInto('ui_releases')
    .values({
      overlay: JSON.stringify(overlay),
      note,
      published_by: userId,
      copied_from: copiedFrom,
      published_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Publishes the draft the caller read as a new release and makes it live, in one transaction: 412 when the draft
 * changed since it was read, 409 when another publish or rollback went live since (so one draft never goes live twice,
 * and nobody publishes over a release they have not seen).
 */
export async function publishDraft(
  db: Db,
  read: { revision: number; live: number | null },
  note: string,
  userId: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const state = await readState(trx);
    if (state.draft_revision !== read.revision) throw stale();
    if (state.live_release_id !== read.live) throw new DomainError(409, 'uiConfig.liveMoved');
    const id = await release(trx, state.draft, note, userId, null);
    await writeState(trx, { ...state, live_release_id: id, draft_base_release_id: id }, userId, read);
    await audit(trx, {
      admin: userId,
      action: 'publish',
      revision: state.draft_revision,
      release: id,
      detail: { note },
    });
    return id;
  });
}

/** Makes an older release live again as a new release (history is never rewritten); the draft starts from it. */
export async function rollbackTo(db: Db, releaseId: number, note: string, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('ui_releases').select('overlay').where('id', '=', releaseId).executeTakeFirst();
    if (!old) throw notFound();
    const state = await readState(trx);
    const overlay = JSON.parse(old.overlay) as Overlay;
    const id = await release(trx, overlay, note, userId, releaseId);
    await writeState(
      trx,
      { live_release_id: id, draft: overlay, draft_revision: state.draft_revision + 1, draft_base_release_id: id },
      userId,
      { revision: state.draft_revision, live: state.live_release_id },
    );
    await audit(trx, {
      admin: userId,
      action: 'rollback',
      revision: state.draft_revision + 1,
      release: id,
      detail: { note, copied_from: releaseId },
    });
    return id;
  });
}

/** Every release, newest first, with who published it. */
export async function listReleases(db: Db) {
  const rows = await db
    .selectFrom('ui_releases as r')
    .leftJoin('users as u', 'u.id', 'r.published_by')
    .select(['r.id', 'r.note', 'r.copied_from', 'r.published_at', 'r.overlay', 'u.email as published_by'])
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(({ overlay, ...r }) => ({ ...r, changes: (JSON.parse(overlay) as Overlay).changes.length }));
}
