import { useCallback } from 'react';
import type { OverlayChange } from '../../core/overlay.js';
import { HttpError } from '../../core/rest.js';
import { useRenderer } from '../context.js';
import { useCall, useMutation } from '../data.js';

/** The draft of admins' screen changes as the server keeps it (GET /admin/ui/draft). */
export interface DraftState {
  live_release_id: number | null;
  draft: { changes: OverlayChange[] };
  draft_revision: number;
}

/**
 * The draft, and every write to it over the version read (If-Match): a save, a discard, a screen's reset, a publish,
 * a rollback. A refusal is said in the server's words (another admin saved first, a change that cannot be made) and
 * the draft read again; each write is announced to screen readers through `say`.
 */
export function useDraft(say: (text: string) => void) {
  const { t, notify } = useRenderer();
  const { call, invalidate } = useMutation();
  const { data } = useCall<{ data: DraftState }>('ui.draft');
  const state = data?.data;
  const write = useCallback(
    async (name: string, options: { params?: Record<string, string | number>; body?: unknown }, done: string) => {
      if (!state) return false;
      const headers = { 'If-Match': `"${state.draft_revision}.${state.live_release_id ?? 0}"` };
      try {
        // Each write reads the draft, its words, the releases and the screens again (`invalidates: ui-config`).
        await call(name, { ...options, headers });
        say(t(done));
        return true;
      } catch (err) {
        notify(err instanceof HttpError ? (err.body.message ?? t('errors.server')) : t('errors.server'), 'error');
        await invalidate(['ui-config']);
        return false;
      }
    },
    [state, call, invalidate, notify, say, t],
  );
  const save = (changes: OverlayChange[]) => write('ui.save', { body: { changes } }, 'screenEditor.saved');
  return { state, write, save };
}
