/**
 * `npm run platform-figures`: how much of the product is declared rather than coded, measured from the files, each
 * figure beside the platform's target and the worst it may be. Run by `npm test` (its first stage): a figure worse
 * than its limit fails the run, so the product cannot drift back to hand-written pages; a limit is tightened, never
 * loosened, as figures improve, until it reaches the target.
 *
 *   pure screens        screens that use the renderer's built-in kinds and widgets only (no host widget, no `x-` kind)
 *   coded lists/forms   list, form and detail screens that still place a host widget (target 0)
 *   one-widget boards   `dashboard` screens whose only card is a host widget (a special page says `page`)
 *   API paths in widgets  lines of src/widgets with an `/api/` string (widgets speak through the data provider)
 *   UI lines ratio      hand-written browser UI (src/widgets + src/app) against the generic renderer, in lines of
 *                       TypeScript, generated files left out on both sides
 */
import fs from 'node:fs';
import path from 'node:path';
import { discoverSchemaFiles } from '../schemas/index';
import { APP_SCREEN_WIDGETS, APP_WIDGETS } from '../src/domain/widget-names';

const root = path.resolve(__dirname, '..');

interface Figure {
  name: string;
  value: number;
  shown: string;
  target: string;
  /** True when the figure is no worse than its limit. */
  holds: boolean;
}

/** Every string under a `widget` or `ui:widget` key anywhere in `json`. */
function widgetNames(json: unknown, into: string[] = []): string[] {
  if (Array.isArray(json)) for (const item of json) widgetNames(item, into);
  else if (json && typeof json === 'object')
    for (const [key, value] of Object.entries(json)) {
      if ((key === 'widget' || key === 'ui:widget') && typeof value === 'string') into.push(value);
      else widgetNames(value, into);
    }
  return into;
}

interface ScreenFile {
  file: string;
  kind: string;
  hostWidgets: string[];
  cards: { widget?: string }[];
}

function screens(): ScreenFile[] {
  const host = new Set([...APP_WIDGETS, ...APP_SCREEN_WIDGETS]);
  const dir = path.join(root, 'schemas');
  return discoverSchemaFiles(dir)
    .screens.map((file) => {
      const json = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
        kind: string;
        cards?: { widget?: string }[];
      };
      return {
        file: path.join('schemas', file),
        kind: json.kind,
        hostWidgets: widgetNames(json).filter((name) => host.has(name)),
        cards: json.cards ?? [],
      };
    })
    .sort((a, b) => a.file.localeCompare(b.file));
}

/** TypeScript files under `dirs`, generated ones left out. */
function sourceFiles(...dirs: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'generated' && entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return files;
}

const lineCount = (files: string[]) =>
  files.reduce((sum, file) => sum + fs.readFileSync(file, 'utf8').split('\n').length - 1, 0);

/** Lines of `files` holding a string or template literal with an `/api/` path in it. */
function apiLiteralLines(files: string[]): { lines: string[]; paths: Set<string> } {
  const lines: string[] = [];
  const paths = new Set<string>();
  for (const file of files)
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!/['"`][^'"`]*\/api\//.test(line) || /^\s*(\/\/|\*|\/\*)/.test(line)) return;
        lines.push(`${path.relative(root, file)}:${i + 1}`);
        for (const m of line.matchAll(/\/api\/[A-Za-z0-9/_:.${}-]*/g)) paths.add(m[0]);
      });
  return { lines, paths };
}

/** The worst each figure may be today (tightened as figures improve) and the platform's target. */
export const LIMITS = {
  pureShare: { limit: 0.75, target: 0.75 },
  codedListsFormsDetails: { limit: 0, target: 0 },
  oneWidgetBoards: { limit: 0, target: 0 },
  apiLiteralLines: { limit: 0, target: 0 },
  uiLinesRatio: { limit: 1.2, target: 1.2 },
};

export function platformFigures(): { figures: Figure[]; details: Record<string, string[]> } {
  const all = screens();
  const pure = all.filter((s) => s.hostWidgets.length === 0 && !s.kind.startsWith('x-'));
  const coded = all.filter((s) => ['list', 'form', 'detail'].includes(s.kind) && s.hostWidgets.length > 0);
  const host = new Set(APP_SCREEN_WIDGETS);
  const oneWidget = all.filter(
    (s) => s.kind === 'dashboard' && s.cards.length === 1 && s.cards[0].widget && host.has(s.cards[0].widget),
  );
  const literals = apiLiteralLines(sourceFiles('src/widgets'));
  const ui = lineCount(sourceFiles('src/widgets', 'src/app'));
  const renderer = lineCount(sourceFiles('packages/renderer'));
  const share = pure.length / all.length;
  const ratio = ui / renderer;
  const figures: Figure[] = [
    {
      name: 'pure screens',
      value: share,
      shown: `${pure.length} of ${all.length} (${(share * 100).toFixed(0)} %)`,
      target: `≥ ${LIMITS.pureShare.target * 100} %`,
      holds: share >= LIMITS.pureShare.limit,
    },
    {
      name: 'coded lists, forms, details',
      value: coded.length,
      shown: String(coded.length),
      target: String(LIMITS.codedListsFormsDetails.target),
      holds: coded.length <= LIMITS.codedListsFormsDetails.limit,
    },
    {
      name: 'one-widget dashboards',
      value: oneWidget.length,
      shown: String(oneWidget.length),
      target: String(LIMITS.oneWidgetBoards.target),
      holds: oneWidget.length <= LIMITS.oneWidgetBoards.limit,
    },
    {
      name: 'API paths in widgets',
      value: literals.lines.length,
      shown: `${literals.lines.length} lines, ${literals.paths.size} paths`,
      target: String(LIMITS.apiLiteralLines.target),
      holds: literals.lines.length <= LIMITS.apiLiteralLines.limit,
    },
    {
      name: 'UI lines : renderer lines',
      value: ratio,
      shown: `${ui.toLocaleString('en')} : ${renderer.toLocaleString('en')} (${ratio.toFixed(2)} : 1)`,
      target: `≤ ${LIMITS.uiLinesRatio.target} : 1`,
      holds: ratio <= LIMITS.uiLinesRatio.limit,
    },
  ];
  const details = {
    'screens placing a host widget': all
      .filter((s) => !pure.includes(s))
      .map((s) => `${s.file} (${s.kind}): ${[...new Set(s.hostWidgets)].join(', ') || s.kind}`),
    'one-widget dashboards': oneWidget.map((s) => s.file),
    'API paths in widgets': literals.lines,
  };
  return { figures, details };
}

if (require.main === module) {
  const { figures, details } = platformFigures();
  const limitOf = Object.values(LIMITS);
  console.log('Declared, not coded (npm run platform-figures):');
  console.log(`  ${'figure'.padEnd(30)} ${'now'.padEnd(32)} ${'target'.padEnd(10)} limit`);
  figures.forEach((f, i) =>
    console.log(
      `  ${f.name.padEnd(30)} ${f.shown.padEnd(32)} ${f.target.padEnd(10)} ${(i === 0 ? `${limitOf[i].limit * 100} %` : String(limitOf[i].limit)).padEnd(6)}${f.holds ? '' : '  WORSE THAN ITS LIMIT'}`,
    ),
  );
  if (process.argv.includes('--details'))
    for (const [title, rows] of Object.entries(details)) {
      console.log(`\n${title} (${rows.length}):`);
      for (const row of rows) console.log(`  ${row}`);
    }
  if (figures.some((f) => !f.holds)) process.exit(1);
}
