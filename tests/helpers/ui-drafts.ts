import type { Agent } from './app';

/** The screen-change draft as an admin reads it: its revision and the release live when it was read. */
export type DraftRead = { draft_revision: number; live_release_id: number | null };

/** `If-Match` for a write over the draft as `read` (what the draft's ETag says). */
export const ifMatch = (read: DraftRead) => ({ 'if-match': `"${read.draft_revision}.${read.live_release_id ?? 0}"` });

/** The draft as it is now. */
export const draftOf = async (agent: Agent): Promise<DraftRead> =>
  (await agent.get('/api/v1/admin/ui/draft')).json().data;

/** Saves `changes` as the draft, over the revision read just before. */
export const saveDraft = async (agent: Agent, changes: unknown[]) =>
  agent.request('PUT', '/api/v1/admin/ui/draft', { changes }, ifMatch(await draftOf(agent)));

/** Publishes the draft with `note`; the release made live. */
export async function publishDraft(agent: Agent, note: string): Promise<number> {
  const res = await agent.request('POST', '/api/v1/admin/ui/publish', { note }, ifMatch(await draftOf(agent)));
  if (res.statusCode !== 200) throw new Error(`publish: ${res.statusCode} ${res.body}`);
  return (await draftOf(agent)).live_release_id!;
}
