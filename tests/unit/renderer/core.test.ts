import { createRegistry, UnknownNameError } from '../../../packages/renderer/core/registry';
import { query } from '../../../packages/renderer/core/rest';
import { buildRoutes, recordRoute, routeFor } from '../../../packages/renderer/core/routes';
import { formatValue, joinFields } from '../../../packages/renderer/core/format';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { localizeErrors, type AjvError } from '../../../packages/renderer/core/validation';
import type { Manifest } from '../../../packages/renderer/core/types';

const t = (key: string, o?: Record<string, unknown>) => `${key}${o ? JSON.stringify(o) : ''}`;

const manifest: Manifest = {
  hash: 'h',
  resources: {},
  calls: {},
  screens: [
    { id: 'a.list', kind: 'list', route: '/a/list', title: 'x.y' },
    { id: 'a.form', kind: 'form', route: '/a/form/:id?', title: 'x.y' },
    { id: 'a.detail', kind: 'detail', route: '/a/:id', title: 'x.y' },
  ],
  navigation: {
    areas: [{ id: 'main', guard: 'user', layout: 'shell', screens: ['a.list', 'a.form', 'a.detail'] }],
    redirects: [],
    notFound: '/404',
  },
};

describe('createRegistry', () => {
  it('returns registered entries and fails loudly with the schema path for unknown names', () => {
    const widgets = createRegistry('widget', { image: 1 });
    expect(widgets.get('image', 'x')).toBe(1);
    expect(() => widgets.get('colour', 'screens/services.form#/uiSchema/colour/ui:widget')).toThrow(UnknownNameError);
    expect(() => widgets.get('colour', 'screens/services.form#/uiSchema/colour/ui:widget')).toThrow(
      'Unknown widget "colour" at screens/services.form#/uiSchema/colour/ui:widget. Registered: image.',
    );
  });

  it('extends without changing the original', () => {
    const base = createRegistry('kind', { list: 1 });
    const more = base.with({ wizard: 2 });
    expect(more.names()).toEqual(['list', 'wizard']);
    expect(base.has('wizard')).toBe(false);
  });

  it('does not resolve names inherited from Object.prototype', () => {
    expect(() => createRegistry('widget').get('toString', 'p')).toThrow(UnknownNameError);
  });
});

describe('buildRoutes and routeFor', () => {
  it('builds one route per screen of each area', () => {
    expect(buildRoutes(manifest).map((r) => r.path)).toEqual(['/a/list', '/a/form/:id?', '/a/:id']);
  });

  it('names the navigation entry of a missing screen', () => {
    const broken = {
      ...manifest,
      navigation: { ...manifest.navigation, areas: [{ ...manifest.navigation.areas[0], screens: ['a.list', 'nope'] }] },
    };
    expect(() => buildRoutes(broken)).toThrow('Unknown screen "nope" at navigation.json#/areas/0/screens/1');
  });

  it('fills route parameters and drops an empty optional one', () => {
    expect(routeFor(manifest, 'a.form', { id: 7 })).toBe('/a/form/7');
    expect(routeFor(manifest, 'a.form')).toBe('/a/form');
    expect(routeFor(manifest, 'a.detail', { id: 'x/y' })).toBe('/a/x%2Fy');
  });

  it('opens a record on its detail screen, else its form, else nowhere', () => {
    const screens = (list: Manifest['screens']): Manifest => ({ ...manifest, screens: list });
    const [list, form, detail] = manifest.screens.map((s) => ({ ...s, resource: 'a' }));
    expect(recordRoute(screens([list, form, detail]), 'a', 7)).toBe('/a/7');
    expect(recordRoute(screens([list, form]), 'a', 7)).toBe('/a/form/7');
    expect(recordRoute(screens([list]), 'a', 7)).toBeNull();
    expect(recordRoute(screens([list, form, detail]), 'b', 7)).toBeNull();
  });
});

describe('REST dialect', () => {
  it('encodes list params and skips empty ones', () => {
    expect(query({ page: 2, search: 'a b', sort: undefined, archived: true, x: '' })).toBe(
      '?page=2&search=a+b&archived=1',
    );
  });
});

describe('format', () => {
  it('joins fields and formats values by column type', () => {
    expect(joinFields({ a: 'Ann', b: null, c: 'Lee' }, ['a', 'b', 'c'])).toBe('Ann Lee');
    expect(formatValue(true, 'boolean', t, 'en')).toBe('list.yes');
    expect(formatValue(null, 'text', t, 'en')).toBe('—');
    expect(formatValue('2026-03-29', 'date', t, 'en-GB')).toBe('29 Mar 2026');
    // Instants in words and the locale's 24-hour clock, never the ISO string.
    const at = '2026-03-29T14:05:00Z';
    const local = new Date(at);
    const hhmm = `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`;
    expect(formatValue(at, 'datetime', t, 'en-GB')).toMatch(new RegExp(`^${local.getDate()} Mar 2026, ${hhmm}$`));
    expect(formatValue(at, 'datetime', t, 'uk')).toMatch(new RegExp(`^${local.getDate()} бер\\. 2026 р\\., ${hhmm}$`));
    expect(formatValue(at, 'datetime', t, 'en-GB')).not.toMatch(/T\d|AM|PM/);
    // In the business's zone when the host gives one, whatever the browser's: 14:05 UTC is 17:05 in Kyiv (summer).
    expect(formatValue(at, 'datetime', t, 'en-GB', { timeZone: 'Europe/Kyiv' })).toBe('29 Mar 2026, 17:05');
    expect(formatValue(1250, 'money', t, 'en-GB', { currency: 'UAH' })).toMatch(/12\.50/);
    expect(formatValue(1250, 'money', t, 'en-GB')).toBe('12.50');
  });
});

describe('localizeErrors', () => {
  it('rewrites ajv errors into the spec’s message keys with the field’s label', () => {
    const errors: AjvError[] = [
      { keyword: 'required', instancePath: '', params: { missingProperty: 'first_name' } },
      { keyword: 'maxLength', instancePath: '/last_name', params: { limit: 255 } },
      { keyword: 'format', instancePath: '/email', params: { format: 'email' } },
      { keyword: 'type', instancePath: '/first_name', params: { type: 'string' }, data: null },
    ];
    localizeErrors(errors, t, (f) => `L(${f})`, ['first_name']);
    expect(errors.map((e) => e.message)).toEqual([
      'validation.required{"field":"L(first_name)"}',
      'validation.max_string{"field":"L(last_name)","max":255}',
      'validation.email{"field":"L(email)"}',
      'validation.required{"field":"L(first_name)"}',
    ]);
  });

  it('names a missing field by its label through rjsf’s compiling validator, which quotes the name it hands over', () => {
    const validator = customizeValidator({}, (errors) =>
      localizeErrors(errors as AjvError[], t, (f) => `L(${f})`, ['title']),
    );
    const schema = { type: 'object', required: ['title'], properties: { title: { type: 'string', title: 'Title' } } };
    const { errors } = validator.validateFormData({}, schema as never);
    expect(errors.map((e) => e.message)).toEqual(['validation.required{"field":"L(title)"}']);
  });
});
