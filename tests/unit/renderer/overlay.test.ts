import fs from 'node:fs';
import path from 'node:path';
import {
  applyOverlay,
  OverlayError,
  plainTextProblem,
  resolveTarget,
  type Overlay,
} from '../../../packages/renderer/core/overlay';
import { widgetChoices } from '../../../packages/renderer/core/overlay-widgets';
import type { Navigation } from '../../../packages/renderer/core/generated/schema-language';

const schemas = path.join(__dirname, '../../../schemas');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(schemas, f), 'utf8'));
const clientsList = read('screens/clients/list.json');
const clientsForm = read('screens/clients/form.json');
const marketing = read('screens/marketing/detail.json');
const base = {
  screens: new Map([
    [clientsList.id, clientsList],
    [clientsForm.id, clientsForm],
    [marketing.id, marketing],
  ]),
  navigation: read('navigation.json') as Navigation,
};
const required = () => ['first_name'];
const apply = (changes: Overlay['changes']) => applyOverlay(base, { changes }, required);
const refusal = (changes: Overlay['changes']) => {
  try {
    apply(changes);
  } catch (err) {
    return err instanceof OverlayError ? err.message : `not an OverlayError: ${(err as Error).message}`;
  }
  return 'accepted';
};

describe('an overlay over the shipped screens', () => {
  it('finds its node by keyed path, whatever its index', () => {
    const phone = resolveTarget(clientsList, 'columns[field=phone]');
    expect((phone.list[phone.index] as { field: string }).field).toBe('phone');
    const text = resolveTarget(marketing, 'sections[title=screens.marketing.message]/fields[field=text]');
    expect((text.list[text.index] as { field: string }).field).toBe('text');
    expect(() => resolveTarget(clientsList, 'columns[field=shoe_size]')).toThrow(/nothing at/);
    expect(() => resolveTarget(clientsList, 'gate[subject=Client]')).toThrow(/not something an overlay may change/);
  });

  it('renames, moves, widens and hides what a list shows, with the texts to serve, and leaves the base alone', () => {
    const before = JSON.stringify(clientsList);
    const out = apply([
      {
        op: 'set-label',
        screen: 'clients.list',
        target: 'columns[field=phone]',
        value: { en: 'Mobile', uk: 'Мобільний' },
      },
      { op: 'move', screen: 'clients.list', target: 'columns[field=phone]', value: 0 },
      { op: 'set-width', screen: 'clients.list', target: 'columns[field=phone]', value: 160 },
      { op: 'hide', screen: 'clients.list', target: 'columns[field=email]' },
    ]);
    const columns = out.screens.get('clients.list')!.columns as Array<{
      field: string;
      label?: string;
      width?: number;
    }>;
    expect(columns[0]).toMatchObject({ field: 'phone', width: 160 });
    expect(out.texts.en[columns[0].label!]).toBe('Mobile');
    expect(out.texts.uk[columns[0].label!]).toBe('Мобільний');
    expect(columns.some((c) => c.field === 'email')).toBe(false);
    expect(JSON.stringify(clientsList)).toBe(before);
  });

  it('shows again what it hid, and moves, hides and renames menu entries', () => {
    const out = apply([
      { op: 'hide', screen: 'clients.list', target: 'columns[field=email]' },
      { op: 'show', screen: 'clients.list', target: 'columns[field=email]' },
      { op: 'hide-menu', area: 'business', target: 'menu[route=/appointments/online-booking]' },
      { op: 'rename-menu', area: 'business', target: 'menu[route=/dashboard]', value: { en: 'Home' } },
    ]);
    expect(JSON.stringify(out.screens.get('clients.list')!.columns)).toBe(JSON.stringify(clientsList.columns));
    const menu = out.navigation.areas.find((a) => a.id === 'business')!.menu as Array<{ route: string; label: string }>;
    expect(menu.some((m) => m.route === '/appointments/online-booking')).toBe(false);
    expect(out.texts.en[menu.find((m) => m.route === '/dashboard')!.label]).toBe('Home');
  });

  it('refuses text that is not plain, with the change’s place', () => {
    const label = (value: Record<string, string>) =>
      refusal([{ op: 'set-label', screen: 'clients.list', target: 'columns[field=phone]', value }]);
    expect(label({ en: '<img src=x onerror=alert(1)>' })).toMatch(/^changes\/0\/value: .*< or >/);
    expect(label({ en: '**bold**' })).toMatch(/Markdown/);
    expect(label({ en: 'Hi {{name}}' })).toMatch(/template syntax/);
    // i18next's nesting would show another text in its place.
    expect(label({ en: 'Go to $t(menu.dashboard)' })).toMatch(/template syntax/);
    expect(label({ en: '' })).toMatch(/1 to 200/);
    expect(plainTextProblem({ en: 'Mobile phone', uk: 'Мобільний телефон' })).toBeNull();
  });

  it('keeps a field a create form requires, and never reaches the data contract', () => {
    expect(refusal([{ op: 'hide', screen: 'clients.form', target: 'fields[first_name]' }])).toMatch(
      /^changes\/0\/target: "first_name" is required/,
    );
    expect(refusal([{ op: 'hide', screen: 'clients.form', target: 'fields[notes]' }])).toBe('accepted');
    expect(refusal([{ op: 'hide', screen: 'marketing.detail', target: 'actions[id=run]' }])).toMatch(
      /changes\/0\/target: "actions" is not something an overlay may change/,
    );
    expect(refusal([{ op: 'move', screen: 'clients.nope', target: 'columns[field=phone]', value: 1 }])).toMatch(
      /changes\/0\/screen: no screen/,
    );
  });
});

describe('adding a column', () => {
  const readable = (s: { id: string }) => (s.id === clientsList.id ? ['birthday', 'phone', 'post_code'] : []);
  const add = (target: string, screen = clientsList.id) =>
    applyOverlay(base, { changes: [{ op: 'add-column', screen, target }] }, required, readable);
  it('adds a field the list reads, at its end', () => {
    const columns = add('columns[field=birthday]').screens.get(clientsList.id)!.columns as Array<{ field: string }>;
    expect(columns.at(-1)).toEqual({ field: 'birthday' });
    expect(columns).toHaveLength(clientsList.columns.length + 1);
  });
  it.each([
    ['columns[field=password_hash]', clientsList.id, /not something this list reads/],
    ['columns[field=phone]', clientsList.id, /a column already/],
    ['fields[field=birthday]', clientsList.id, /named columns\[field=…\]/],
    ['columns[field=birthday]', clientsForm.id, /only a list/],
  ])('refuses %s on %s', (target, screen, why) => {
    expect(() => add(target, screen)).toThrow(why);
  });
});

describe("setting a form field's widget", () => {
  const clients = read('resources/clients.json') as { properties: Record<string, { type?: string | string[] }> };
  const shapes = () => clients.properties;
  const widget = (changes: Overlay['changes']) => applyOverlay(base, { changes }, required, () => [], shapes);
  const refused = (changes: Overlay['changes']) => {
    try {
      widget(changes);
    } catch (err) {
      return (err as OverlayError).message;
    }
    return 'accepted';
  };

  it('offers the widgets that keep the value as it is, and none to a field with a widget of its own', () => {
    expect(widgetChoices({ type: ['string', 'null'] }, undefined)).toEqual(['text', 'textarea']);
    expect(widgetChoices({ type: ['string', 'null'] }, 'textarea')).toEqual(['text', 'textarea']);
    expect(widgetChoices({ type: 'integer' }, undefined)).toEqual(['text', 'updown']);
    expect(widgetChoices({ type: 'integer' }, 'money')).toEqual([]);
    expect(widgetChoices({ type: ['string', 'null'], format: 'date' }, 'date')).toEqual([]);
    expect(widgetChoices({ type: 'string', enum: ['a', 'b'] }, undefined)).toEqual(['select']);
    expect(widgetChoices({ type: 'boolean' }, undefined)).toEqual(['checkbox']);
    expect(widgetChoices(undefined, undefined)).toEqual([]);
  });

  it("draws a form's text field as a text area or a line, and leaves the base alone", () => {
    const before = JSON.stringify(clientsForm);
    const out = widget([
      { op: 'set-widget', screen: 'clients.form', target: 'fields[city]', value: 'textarea' },
      { op: 'set-widget', screen: 'clients.form', target: 'fields[notes]', value: 'text' },
    ]);
    const ui = out.screens.get('clients.form')!.uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.city['ui:widget']).toBe('textarea');
    expect(ui.notes['ui:widget']).toBe('text');
    expect(JSON.stringify(clientsForm)).toBe(before);
  });

  it('refuses a widget the field cannot take, a field drawn by its own, and anything but a form, with the place', () => {
    expect(refused([{ op: 'set-widget', screen: 'clients.form', target: 'fields[city]', value: 'image' }])).toBe(
      'changes/0/value: "city" may be drawn as text or textarea',
    );
    expect(refused([{ op: 'set-widget', screen: 'clients.form', target: 'fields[birthday]', value: 'text' }])).toBe(
      'changes/0/value: "birthday" keeps the widget that reads its value',
    );
    expect(
      refused([{ op: 'set-widget', screen: 'clients.list', target: 'columns[field=city]', value: 'textarea' }]),
    ).toBe("changes/0/screen: only a form's fields have widgets");
    expect(refused([{ op: 'set-widget', screen: 'clients.form', target: 'fields[shoe]', value: 'text' }])).toMatch(
      /^changes\/0\/target: nothing at/,
    );
  });
});
