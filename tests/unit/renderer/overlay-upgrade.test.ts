import fs from 'node:fs';
import path from 'node:path';
import { applyOverlay, type Overlay, type OverlayChange } from '../../../packages/renderer/core/overlay';
import { classifyUpgrade } from '../../../packages/renderer/core/overlay-upgrade';
import type { Navigation } from '../../../packages/renderer/core/generated/schema-language';

/**
 * An upgrade of the shipped screens under live changes: each change is applied again over the new base and classed;
 * what cannot apply is left out, and every screen still builds from the rest.
 */
type Screen = Record<string, unknown> & { id: string; columns?: Array<Record<string, unknown>> };

const schemas = path.join(__dirname, '../../../schemas');
const files = (fs.readdirSync(path.join(schemas, 'screens'), { recursive: true }) as string[])
  .filter((f) => f.endsWith('.json'))
  .map((f) => path.join('screens', f));
const shipped = files.map((f) => JSON.parse(fs.readFileSync(path.join(schemas, f), 'utf8')) as Screen);
const navigation = JSON.parse(fs.readFileSync(path.join(schemas, 'navigation.json'), 'utf8')) as Navigation;
const lists = shipped.filter((s) => s.kind === 'list' && Array.isArray(s.columns) && s.columns.length >= 3);

/** A deterministic choice, so a failure names the same case every run. */
let seed = 42;
const pick = <T>(items: T[]): T => items[(seed = (seed * 16807) % 2147483647) % items.length];

/** 50 live changes over the shipped lists' columns: labels, widths, hides and moves. */
function liveChanges(): OverlayChange[] {
  const changes: OverlayChange[] = [];
  const used = new Set<string>();
  while (changes.length < 50) {
    const screen = pick(lists);
    const column = pick(screen.columns!);
    const target = `columns[field=${String(column.field)}]`;
    if (used.has(screen.id + target)) continue;
    used.add(screen.id + target);
    const op = pick(['set-label', 'set-width', 'hide', 'move'] as const);
    if (op === 'set-label') changes.push({ op, screen: screen.id, target, value: { en: 'Renamed', uk: 'Нова назва' } });
    if (op === 'set-width') changes.push({ op, screen: screen.id, target, value: 160 });
    if (op === 'hide') changes.push({ op, screen: screen.id, target });
    if (op === 'move') changes.push({ op, screen: screen.id, target, value: 0 });
  }
  return changes;
}

describe('an upgrade of the shipped screens under live changes', () => {
  const changes = liveChanges();
  const before = new Map(shipped.map((s) => [s.id, s]));
  it('applies as made over the base it was made on', () => {
    expect(classifyUpgrade({ screens: before, navigation }, { changes }).map((e) => e.class)).toEqual(
      changes.map(() => 'applied'),
    );
  });

  it('classes every change when 20 of the nodes it names are renamed, moved or removed, and every screen still builds', () => {
    const after = new Map([...before].map(([id, s]) => [id, structuredClone(s)]));
    const touched = changes.slice(0, 20);
    const expected = new Map<number, string>();
    touched.forEach((change, i) => {
      const screen = after.get((change as { screen: string }).screen)!;
      const field = /field=([^\]]+)/.exec(change.target)![1];
      const at = screen.columns!.findIndex((c) => String(c.field) === field);
      if (i % 3 === 0) {
        screen.columns!.splice(at, 1); // removed
        expected.set(i, 'orphaned');
      } else if (i % 3 === 1) {
        screen.columns![at] = { ...screen.columns![at], field: `${field}_v2` }; // renamed
        expected.set(i, 'orphaned');
      } else {
        screen.columns!.push(screen.columns!.splice(at, 1)[0]); // moved to the end
      }
    });
    const report = classifyUpgrade({ screens: after, navigation }, { changes } as Overlay);
    expect(report).toHaveLength(changes.length);
    for (const entry of report) {
      expect(['applied', 'rebased', 'conflict', 'orphaned']).toContain(entry.class);
      if (expected.has(entry.index))
        expect([entry.index, entry.class]).toEqual([entry.index, expected.get(entry.index)]);
      if (entry.class === 'orphaned' || entry.class === 'conflict') expect(entry.reason).toBeTruthy();
    }
    // What is kept builds every screen.
    const kept = report.filter((e) => e.class === 'applied' || e.class === 'rebased').map((e) => e.change);
    expect(() => applyOverlay({ screens: after, navigation }, { changes: kept })).not.toThrow();
  });

  it('calls a move that can no longer reach its place rebased, and a required field now hidden a conflict', () => {
    const list = lists[0];
    const last = list.columns![list.columns!.length - 1];
    const target = `columns[field=${String(last.field)}]`;
    const moved: OverlayChange = { op: 'move', screen: list.id, target, value: list.columns!.length - 1 };
    const shorter = structuredClone(list);
    shorter.columns!.splice(0, 1);
    const form = shipped.find(
      (s) => s.kind === 'form' && Array.isArray(s.fields) && (s.fields as unknown[]).length > 1,
    )!;
    const field = (form.fields as Array<string | { field: string }>)[0];
    const name = typeof field === 'string' ? field : field.field;
    const hidden: OverlayChange = {
      op: 'hide',
      screen: form.id,
      target: typeof field === 'string' ? `fields[${name}]` : `fields[field=${name}]`,
    };
    const screens = new Map([
      [list.id, shorter],
      [form.id, form],
    ]);
    const report = classifyUpgrade({ screens, navigation }, { changes: [moved, hidden] }, (s) =>
      s.id === form.id ? [name] : [],
    );
    expect(report.map((e) => e.class)).toEqual(['rebased', 'conflict']);
    expect(report[1].reason).toMatch(/required/);
  });
});
