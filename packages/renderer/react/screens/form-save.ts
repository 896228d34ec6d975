import type { DataProvider } from '../../core/data-provider.js';
import type { RestClient } from '../../core/rest.js';
import type { RecordData, ScreenDef } from '../../core/types.js';

/**
 * Sends a form's data: a record of its resource through the data provider (create, or update when editing); a
 * `submit` address, or something edited that is not a record (an appointment: PUT to the submit path with the id),
 * through the REST client.
 */
export function save(
  f: {
    rest: RestClient;
    provider: DataProvider;
    screen: ScreenDef<'form'>;
    id: string | undefined;
    editing: boolean;
    editingOther: boolean;
    resourcePath: string | null | undefined;
  },
  data: Record<string, unknown>,
): Promise<{ data?: RecordData; message?: string } | undefined> {
  const { screen, id } = f;
  if (f.editingOther) return f.rest.send('PUT', `${screen.submit!.path}/${id}`, data);
  if (screen.submit?.path || screen.submit?.method) {
    const method = screen.submit.method ?? (f.editing ? 'PUT' : 'POST');
    return f.rest.send(method, screen.submit.path ?? (f.editing ? `${f.resourcePath}/${id}` : f.resourcePath!), data);
  }
  return f.editing ? f.provider.update(screen.resource!, id!, data) : f.provider.create(screen.resource!, data);
}
