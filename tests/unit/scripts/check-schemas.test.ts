import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkSchemas } from '../../../scripts/check-schemas';
import { screenWidgets } from '../../../src/widgets';

const root = path.resolve(__dirname, '../../..');
const locales = Object.fromEntries(
  ['en', 'uk'].map((l) => [l, JSON.parse(fs.readFileSync(path.join(root, 'src/locales', `${l}.json`), 'utf8'))]),
);

/** A copy of schemas/ to break on purpose. */
function copy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
  fs.cpSync(path.join(root, 'schemas'), dir, { recursive: true });
  return dir;
}
// Test fixtures poke into arbitrary JSON.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const edit = (dir: string, file: string, change: (json: Record<string, any>) => void) => {
  const full = path.join(dir, file);
  const json = JSON.parse(fs.readFileSync(full, 'utf8'));
  change(json);
  fs.writeFileSync(full, JSON.stringify(json));
};

describe('checkSchemas', () => {
  it('passes on the product’s schemas', () => {
    expect(checkSchemas(path.join(root, 'schemas'), locales, [], Object.keys(screenWidgets))).toEqual([]);
  });

  it('names every unresolved reference with its place', () => {
    const dir = copy();
    edit(dir, 'screens/clients/form.json', (s) => {
      s.uiSchema.notes['ui:widget'] = 'wysiwyg';
      s.fields.push('shoe_size');
    });
    edit(dir, 'screens/clients/list.json', (s) => {
      s.rowScreen = 'clients.nope';
      s.title = 'screens.clients.list.missing';
    });
    // Keys found by where the language types them: a list's tab and total, a note, a dialog's field.
    edit(dir, 'screens/financials/income.json', (s) => {
      s.tabs[1].label = 'money.tabs.nope';
      s.totals[0].label = 'money.totals.nope';
    });
    edit(dir, 'screens/clients/detail.json', (s) => {
      s.gate.subject = 'Spaceship';
    });
    edit(dir, 'screens/booking/wizard.json', (s) => {
      s.steps[1].widget = 'booking-teleport';
      s.steps[2].title = 'screens.booking.steps.nope';
    });
    edit(dir, 'screens/appointments/form.json', (s) => {
      s.uiSchema.address['ui:options'].showWhen = { planet: ['mars'] };
    });
    edit(dir, 'screens/marketing/detail.json', (s) => {
      s.sections[0].widget = 'campaign-teleport';
      s.sections[4].widget = 'campaign-teleport';
    });
    edit(dir, 'screens/appointments/calendar.json', (s) => {
      s.widget = 'calendar-teleport';
    });
    // A host's kind (x-…) the meta-schema takes, but no code registers.
    const board = { id: 'clients.board', kind: 'x-kanban', route: '/clients/board', title: 'screens.clients.list' };
    fs.writeFileSync(path.join(dir, 'screens/clients/board.json'), JSON.stringify(board));
    let added = -1;
    edit(dir, 'navigation.json', (n) => {
      added = n.areas[1].menu.push({ label: 'menu.dashboard', route: '/nowhere' }) - 1;
    });
    const problems = checkSchemas(dir, locales, [], Object.keys(screenWidgets));
    expect(problems).toEqual(
      expect.arrayContaining([
        'screens/clients.form#/uiSchema/notes/ui:widget: unknown widget "wysiwyg"',
        'screens/clients.form#/fields: unknown field "shoe_size" of clients',
        'screens/clients.list#/rowScreen: unknown screen "clients.nope"',
        'screens/clients.board#/kind: unknown screen kind "x-kanban"',
        'screens/clients.list#/title: i18n key "screens.clients.list.missing" is missing in en',
        'screens/income.list#/tabs/1/label: i18n key "money.tabs.nope" is missing in uk',
        'screens/income.list#/totals/0/label: i18n key "money.totals.nope" is missing in en',
        'screens/clients.list#/title: i18n key "screens.clients.list.missing" is missing in uk',
        'screens/clients.detail#/gate/subject: unknown permission subject "Spaceship"',
        `navigation.json#/areas/1/menu/${added}/route: no screen has route "/nowhere"`,
        'screens/booking.wizard#/steps/1/widget: unknown screen widget "booking-teleport"',
        'screens/marketing.detail#/sections/0/widget: unknown screen widget "campaign-teleport"',
        'screens/appointments.calendar#/widget: unknown screen widget "calendar-teleport"',
        'screens/marketing.detail#/sections/4: a section shows either fields and notes, or a widget',
        'screens/booking.wizard#/steps/2/title: i18n key "screens.booking.steps.nope" is missing in en',
        'screens/appointments.form#/uiSchema/address/ui:options/showWhen: unknown field "planet" of appointments',
      ]),
    );
  });

  it('reports a file that breaks its meta-schema', () => {
    const dir = copy();
    edit(dir, 'resources/clients.json', (r) => {
      r['x-resource'].path = 'no-leading-slash';
    });
    const problems = checkSchemas(dir, locales, []);
    expect(problems[0]).toMatch(
      /^resources\/clients\.json does not match its meta-schema:\n {2}\/x-resource\/path must match pattern/,
    );
  });

  it('finds a new screen file in its folder, with no registry to update, and checks it', () => {
    const dir = copy();
    fs.mkdirSync(path.join(dir, 'screens/stray'));
    fs.writeFileSync(path.join(dir, 'screens/stray/page.json'), '{}');
    expect(checkSchemas(dir, locales, [], Object.keys(screenWidgets))[0]).toMatch(
      /^screens\/stray\/page\.json does not match its meta-schema/,
    );
  });

  it('requires every field label in both locales', () => {
    const uk = JSON.parse(JSON.stringify(locales.uk));
    delete uk.fields.clients.post_code;
    expect(checkSchemas(path.join(root, 'schemas'), { en: locales.en, uk }, [], Object.keys(screenWidgets))).toEqual([
      'resources/clients.json#/properties/post_code: i18n key "fields.clients.post_code" is missing in uk',
    ]);
  });
});
