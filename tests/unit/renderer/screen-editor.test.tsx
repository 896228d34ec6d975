import fs from 'node:fs';
import path from 'node:path';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { productManifest, restStandIn } from '../../helpers/product-manifest';
import { renderScreen, rendererContext } from '../../helpers/renderer-context';
import ScreenEditor from '../../../packages/renderer/react/editor/ScreenEditor';

const clients = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../schemas/screens/clients/list.json'), 'utf8'),
) as Record<string, unknown>;
const clientsForm = JSON.parse(
  fs.readFileSync(path.join(__dirname, '../../../schemas/screens/clients/form.json'), 'utf8'),
) as Record<string, unknown>;
const shapes = {
  city: { type: ['string', 'null'] },
  notes: { type: ['string', 'null'] },
  birthday: { type: 'string', format: 'date' },
};
const screenDef = { id: 'admin.screens', kind: 'page', route: '/admin/screens', title: 'x' } as never;
/** Keys as themselves, with the name a button's label carries. */
const t = (key: string, o?: Record<string, unknown>) => (o?.name ? `${key}:${String(o.name)}` : key);

/** The editor over a server that keeps a draft (revision 4, release 2 live) and records each write. */
function open() {
  let draft = { live_release_id: 2, draft: { changes: [] as unknown[] }, draft_revision: 4 };
  const writes: Array<{ method: string; path: string; body: unknown; headers?: Record<string, string> }> = [];
  const getJson = async (p: string) => {
    if (p === '/api/v1/admin/ui/draft') return { data: draft };
    if (p === '/api/v1/admin/ui/screens/clients.form') return { data: clientsForm, readable: [], shapes };
    if (p.startsWith('/api/v1/admin/ui/screens/')) return { data: clients, readable: ['phone', 'birthday', 'notes'] };
    if (p === '/api/v1/admin/ui/upgrade')
      return {
        data: [
          { index: 0, class: 'applied', sentence: 'Clients · column Phone: hidden' },
          { index: 1, class: 'orphaned', sentence: 'Clients · column Fax: width 120 px' },
        ],
      };
    if (p === '/api/v1/admin/ui/diff')
      return { data: draft.draft.changes.length ? ['Clients · column Phone: hidden'] : [] };
    if (p === '/api/v1/admin/ui/releases') return { data: [] };
    throw new Error(`unexpected ${p}`);
  };
  const rest = restStandIn({ getJson }) as unknown as { send: (...a: unknown[]) => unknown };
  const send = async (method: string, p: string, body?: unknown, headers?: Record<string, string>) => {
    if (method === 'GET') return getJson(p);
    writes.push({ method, path: p, body, headers });
    if (p === '/api/v1/admin/ui/draft' && method === 'PUT')
      draft = { ...draft, draft: body as never, draft_revision: draft.draft_revision + 1 };
    return { data: draft };
  };
  const manifest = {
    ...productManifest(),
    screens: [
      { id: 'clients.list', kind: 'list', route: '/clients', title: 'screens.clients.list' },
      { id: 'clients.form', kind: 'form', route: '/clients/form', title: 'screens.clients.form' },
    ],
    navigation: {
      ...productManifest().navigation,
      areas: [{ id: 'business', guard: 'user', layout: 'shell', screens: ['clients.list', 'clients.form'] }],
    },
  };
  const notify = jest.fn();
  renderScreen(
    <ScreenEditor screen={screenDef} />,
    rendererContext({ t, rest: { ...rest, send } as never, manifest: manifest as never, notify }),
  );
  return { writes, notify };
}

/**
 * The admin's screen editor: what a screen shows, each with buttons to rename, move and hide it (no drag), every
 * change saved to the draft over the version read (If-Match), and the draft published with a note.
 */
describe('the screen editor', () => {
  it('hides a column: the draft is saved with the change, over the revision and release read', async () => {
    const { writes } = open();
    fireEvent.click(await screen.findByRole('button', { name: 'screenEditor.hideNamed:fields.clients.phone' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'PUT',
      path: '/api/v1/admin/ui/draft',
      body: { changes: [{ op: 'hide', screen: 'clients.list', target: 'columns[field=phone]' }] },
      headers: { 'If-Match': '"4.2"' },
    });
    expect(await screen.findByText('Clients · column Phone: hidden')).toBeTruthy();
  });

  it('renames a column in both languages, and publishes the draft with a note', async () => {
    const { writes } = open();
    const row = (await screen.findByText('fields.clients.email')).closest('li') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'screenEditor.renameNamed:fields.clients.email' }));
    // The name as it reads now, in the language shown, to edit.
    expect((screen.getByLabelText('screenEditor.nameEn') as HTMLInputElement).value).toBe('fields.clients.email');
    expect((screen.getByLabelText('screenEditor.nameUk') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText('screenEditor.nameEn'), { target: { value: 'Email address' } });
    fireEvent.change(screen.getByLabelText('screenEditor.nameUk'), { target: { value: 'Ел. адреса' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'screenEditor.rename' }).at(-1)!);
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({
      changes: [
        {
          op: 'set-label',
          screen: 'clients.list',
          target: 'columns[field=email]',
          value: { en: 'Email address', uk: 'Ел. адреса' },
        },
      ],
    });
    fireEvent.change(await screen.findByLabelText(/screenEditor\.note/), { target: { value: 'Email renamed' } });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'screenEditor.publish' })).not.toHaveProperty('disabled', true),
    );
    fireEvent.click(screen.getByRole('button', { name: 'screenEditor.publish' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({
      method: 'POST',
      path: '/api/v1/admin/ui/publish',
      body: { note: 'Email renamed' },
      headers: { 'If-Match': '"5.2"' },
    });
  });

  it('imports a file into the draft over the version read, and says when a file is not one', async () => {
    const { writes, notify } = open();
    // Once the draft is read (a write names its version).
    await screen.findByRole('button', { name: 'screenEditor.hideNamed:fields.clients.phone' });
    const input = (await screen.findByLabelText('screenEditor.import', { selector: 'input' })) as HTMLInputElement;
    const exported = { format: 'soloist-screen-changes', version: 1, overlay: { changes: [] } };
    const file = new File([JSON.stringify(exported)], 'changes.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      path: '/api/v1/admin/ui/import',
      body: exported,
      headers: { 'If-Match': '"4.2"' },
    });
    const notJson = new File(['<html>'], 'page.html', { type: 'text/html' });
    fireEvent.change(input, { target: { files: [notJson] } });
    await waitFor(() => expect(notify).toHaveBeenCalledWith('screenEditor.importNotFile', 'error'));
    expect(writes).toHaveLength(1);
  });

  it('adds a column from the fields the list reads that no column shows', async () => {
    const { writes } = open();
    const field = await screen.findByLabelText('screenEditor.addColumnField');
    const offered = within(field)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(offered).toEqual(['—', 'fields.clients.birthday', 'fields.clients.notes']);
    fireEvent.change(field, { target: { value: 'birthday' } });
    fireEvent.click(screen.getByRole('button', { name: 'screenEditor.addColumn' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({
      changes: [{ op: 'add-column', screen: 'clients.list', target: 'columns[field=birthday]' }],
    });
  });

  it("draws a form's field with another widget its type takes, and offers none where the field has its own", async () => {
    const { writes } = open();
    fireEvent.change(await screen.findByLabelText('screenEditor.choose'), { target: { value: 'clients.form' } });
    // Notes ship as a text area; a date keeps its own widget, so it has no choice to offer.
    const notes = await screen.findByLabelText('screenEditor.widgetNamed:fields.clients.notes');
    expect((notes as HTMLSelectElement).value).toBe('textarea');
    expect(screen.queryByLabelText('screenEditor.widgetNamed:fields.clients.birthday')).toBeNull();
    const city = screen.getByLabelText('screenEditor.widgetNamed:fields.clients.city');
    expect(
      within(city)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['text', 'textarea']);
    fireEvent.change(city, { target: { value: 'textarea' } });
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].body).toEqual({
      changes: [{ op: 'set-widget', screen: 'clients.form', target: 'fields[city]', value: 'textarea' }],
    });
  });

  it('says what an upgrade did to the live changes, listing those not applied as made', async () => {
    open();
    const report = await screen.findByRole('region', { name: 'screenEditor.upgrade.title' });
    expect(within(report).getByText('screenEditor.upgrade.summary')).toBeTruthy();
    expect(within(report).getByText('screenEditor.upgrade.orphaned')).toBeTruthy();
    expect(within(report).getByText('Clients · column Fax: width 120 px')).toBeTruthy();
    expect(within(report).queryByText('Clients · column Phone: hidden')).toBeNull();
  });

  it('offers the screens by area, so two screens of one title can be told apart', async () => {
    open();
    const choose = await screen.findByLabelText('screenEditor.choose');
    const group = choose.querySelector('optgroup');
    expect(group?.getAttribute('label')).toBe('screenEditor.area.business');
    expect([...group!.querySelectorAll('option')].map((o) => o.value)).toEqual(['clients.list', 'clients.form']);
  });
});
