import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discoverSchemaFiles } from '../../../schemas/index';
import { checkScreenFile, loadSchemas } from '../../../src/server/engine/schema-registry';

const schemasDir = path.resolve(__dirname, '../../../schemas');
type Json = Record<string, unknown>;
const read = (file: string): Json => JSON.parse(fs.readFileSync(path.join(schemasDir, file), 'utf8'));
const screenFiles = discoverSchemaFiles(schemasDir).screens;
/** The product's first screen file of each kind. */
const firstOf = (kind: string): [string, Json] => {
  const file = screenFiles.find((f) => read(f).kind === kind);
  if (!file) throw new Error(`no ${kind} screen in schemas/screens`);
  return [file, read(file)];
};
const problemsOf = (json: unknown, file: string): string => {
  try {
    checkScreenFile(json, file);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('each screen kind takes its own keys (renderer/language/screen.schema.json)', () => {
  it.each(['list', 'form', 'detail', 'dashboard', 'wizard', 'page'])('a known-good %s screen passes', (kind) => {
    const [file, json] = firstOf(kind);
    expect(problemsOf(json, file)).toBe('');
  });

  it('refuses a list that has steps, naming the file and the key', () => {
    const [file, list] = firstOf('list');
    const steps = [{ id: 'one', title: 'screens.booking.title', widget: 'booking-start' }];
    expect(problemsOf({ ...list, steps }, file)).toBe(
      `${file} does not match its meta-schema:\n  /steps is not a key a list screen takes (must NOT have additional properties)`,
    );
  });

  it.each([
    ['form', 'columns', [{ field: 'name' }]],
    ['detail', 'cards', [{ title: 'screens.dashboard.title' }]],
    ['dashboard', 'steps', [{ id: 'one', title: 'screens.booking.title', widget: 'booking-start' }]],
    ['wizard', 'uiSchema', {}],
    ['page', 'cards', [{ title: 'screens.dashboard.title' }]],
  ])('refuses a %s screen with %s, one error at its path', (kind, key, value) => {
    const [file, json] = firstOf(kind);
    expect(
      problemsOf({ ...json, [key]: value }, file)
        .split('\n')
        .slice(1),
    ).toEqual([`  /${key} is not a key a ${kind} screen takes (must NOT have additional properties)`]);
  });

  it('refuses a kind that is neither the renderer’s nor a host’s (x-…)', () => {
    const [file, list] = firstOf('list');
    expect(problemsOf({ ...list, kind: 'kanban' }, file)).toMatch(/\n {2}\/kind "kanban" is not one it knows/);
  });

  it('takes a host’s own kind with the keys every screen takes and its own x- keys, and nothing else', () => {
    const screen = { id: 'clients.board', kind: 'x-board', route: '/clients/board', title: 'screens.clients.list' };
    expect(problemsOf({ ...screen, resource: 'clients', 'x-lanes': ['new', 'regular'] }, 'board.json')).toBe('');
    expect(problemsOf({ ...screen, columns: [] }, 'board.json')).toMatch(
      /\n {2}\/columns is not a key a x-board screen takes/,
    );
  });

  it('refuses it when the server loads the schemas, naming the file and the key', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'schemas-'));
    fs.cpSync(schemasDir, dir, { recursive: true });
    const [file, list] = firstOf('list');
    fs.writeFileSync(path.join(dir, file), JSON.stringify({ ...list, steps: [] }));
    expect(() => loadSchemas(dir)).toThrow(`${file} does not match its meta-schema:\n  /steps is not a key`);
  });
});
