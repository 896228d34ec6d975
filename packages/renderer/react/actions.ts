import { routeFor } from '../core/routes.js';
import type { RestClient } from '../core/rest.js';
import { matchesWhen, type ActionDef, type RecordData, type When } from '../core/types.js';
import type { ScopedMutator } from 'swr';
import { refreshResource } from './cache.js';
import type { RendererContextValue } from './context.js';
import type { Navigate } from './router.js';

/** Whether an action applies to the record: each field named in its `showWhen` holds one of the values listed. */
export function shownFor(action: Pick<ActionDef, 'showWhen'>, record?: RecordData): boolean {
  return matchesWhen(action.showWhen as When | undefined, record);
}

/** A navigate action's query string, `{id}` in its values being the record's id: "?client_id=12&back=%2Fclients%2F12". */
export function actionQuery(action: Pick<ActionDef, 'query'>, record?: RecordData): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(action.query ?? {})) q.set(k, v.replace(/\{id\}/g, String(record?.id ?? '')));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * POSTs `body` to an export route and saves the file it answers under the name it gives; rejects as the call does.
 * @example
 * await downloadFile(rest, '/api/v1/clients/export', { format: 'csv', search: 'ann' });
 * // the browser saves the file under the name the server gives (clients.csv)
 */
export async function downloadFile(rest: RestClient, path: string, body: unknown, method = 'POST'): Promise<void> {
  const { blob, filename } = await rest.download(path, body, method);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Runs a screen action by kind: navigate to a screen, archive/restore/delete a record, call an API path, download
 * an export or a file the API serves (a GET).
 * Returns true when data changed, so the caller can refresh.
 */
export async function runAction(
  ctx: RendererContextValue,
  navigate: Navigate,
  action: ActionDef,
  target: {
    resource?: string;
    record?: RecordData;
    params?: Record<string, string | number | undefined>;
    writable?: string[];
  },
  mutate?: ScopedMutator,
): Promise<boolean> {
  const { manifest, rest, t, notify, confirm } = ctx;
  const info = target.resource ? manifest.resources[target.resource] : undefined;
  const labels = action.confirmLabels && {
    confirm: t(action.confirmLabels.confirm),
    cancel: t(action.confirmLabels.cancel),
  };
  if (action.confirm && !(await confirm(t(action.confirm), labels))) return false;
  try {
    switch (action.kind ?? 'navigate') {
      case 'navigate':
        navigate(
          routeFor(manifest, action.screen!, { id: target.record?.id ?? '' }) + actionQuery(action, target.record),
        );
        return false;
      case 'archive':
      case 'restore': {
        const record = target.record!;
        const body: Record<string, unknown> = {};
        for (const f of target.writable ?? []) if (record[f] !== undefined) body[f] = record[f];
        body.archived = action.kind === 'archive';
        const res = await rest.update<RecordData>(info!.path!, record.id!, body);
        if (res.message) notify(res.message, 'success');
        if (mutate) await refreshResource(mutate, info!.path!, res.data, target.resource);
        return true;
      }
      case 'delete': {
        const res = await rest.remove(info!.path!, target.record!.id!);
        if (res.message) notify(res.message, 'success');
        if (mutate) await refreshResource(mutate, info!.path!, undefined, target.resource);
        return true;
      }
      case 'call': {
        const path = action.path!.replace('{id}', String(target.record?.id ?? ''));
        const res = await rest.send<{ message?: string }>(action.method ?? 'POST', path, action.body);
        if (res?.message) notify(res.message, 'success');
        if (action.then === 'session') await ctx.onSession();
        return action.then !== 'session';
      }
      case 'download': {
        // Through the REST client, so the file is in the language the screen is read in (X-Locale).
        await downloadFile(rest, action.path!.replace('{id}', String(target.record?.id ?? '')), undefined, 'GET');
        return false;
      }
      case 'export': {
        await downloadFile(rest, `${info!.path}/export`, { format: action.format, ...target.params });
        return false;
      }
    }
  } catch (err) {
    notify((err as Error).message || t('errors.server'), 'error');
  }
  return false;
}
