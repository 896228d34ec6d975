import { plainTextProblem, type PlainText } from './overlay-text.js';

/**
 * An admin's new dashboard card (the overlay's `add-card`): a chart the renderer draws (`chart-bar`, `chart-line`,
 * `chart-pie`) over rows a source of that dashboard already reads, never a new read. What can be charted comes from
 * the source's answer schema: each array of records in it (`data.income.days`), the fields to put along the axis
 * (text or dates) and the number fields to draw.
 */
export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export const CHART_FORMATS = ['money', 'count'] as const;

/**
 * Records a source answers that a chart can draw: at `items`, along one of `index`, one of `values` each.
 * @example
 * const days: ChartSeries = {
 *   source: '/data/statistic',
 *   items: 'days',
 *   index: [{ field: 'date', format: 'date' }],
 *   values: ['income'],
 * };
 */
export interface ChartSeries {
  source: string;
  items: string;
  index: Array<{ field: string; format: 'date' | 'text' }>;
  values: string[];
}

/** What an admin chooses for a new card. */
export interface NewCard {
  type: (typeof CHART_TYPES)[number];
  source: string;
  items: string;
  index: string;
  value: string;
  format: (typeof CHART_FORMATS)[number];
  title: PlainText;
}

type Schema = Record<string, unknown>;

/** The object a schema describes, through `anyOf`/`oneOf` with null and type lists (`["object", "null"]`). */
function objectOf(schema: Schema | undefined): Schema | undefined {
  if (!schema) return undefined;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = schema[key] as Schema[] | undefined;
    if (branches) return branches.map(objectOf).find(Boolean);
  }
  const type = schema.type;
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
  return isObject || schema.properties ? schema : undefined;
}

const typeIs = (schema: Schema, ...names: string[]) => [schema.type].flat().some((t) => names.includes(t as string));

/**
 * Every array of records in a source's answer schema, with what a chart can draw of them; depth-first, in order.
 * @example
 * const date = { type: 'string', format: 'date' };
 * const row = { type: 'object', properties: { date, income: { type: 'integer' } } };
 * seriesIn('/data/statistic', { type: 'object', properties: { days: { type: 'array', items: row } } })
 *   // → [{ source: '/data/statistic', items: 'days', index: [{ field: 'date', format: 'date' }], values: ['income'] }]
 */
export function seriesIn(source: string, answer: Schema | undefined): ChartSeries[] {
  const found: ChartSeries[] = [];
  const walk = (schema: Schema | undefined, path: string[]) => {
    const object = objectOf(schema);
    if (!object || path.length > 6) return;
    for (const [name, child] of Object.entries((object.properties ?? {}) as Record<string, Schema>)) {
      const at = [...path, name];
      if (typeIs(child, 'array')) {
        const record = objectOf(child.items as Schema | undefined);
        const fields = Object.entries((record?.properties ?? {}) as Record<string, Schema>);
        const index = fields
          .filter(([, f]) => typeIs(f, 'string'))
          .map(([field, f]) => ({ field, format: f.format === 'date' ? ('date' as const) : ('text' as const) }));
        const values = fields.filter(([, f]) => typeIs(f, 'integer', 'number')).map(([field]) => field);
        if (index.length && values.length) found.push({ source, items: at.join('.'), index, values });
      } else walk(child, at);
    }
  };
  walk(answer, []);
  return found;
}

type Node = Record<string, unknown>;

/**
 * Adds the card `target` names (`cards[id=takings]`) to a dashboard: refused unless every choice is one `series`
 * offers, its title is plain text, and the id is new. The card takes the gate of the dashboard's cards reading the
 * same source, so no one sees more than they did. `label` is the i18n key its title is served under.
 */
export function addCard(screen: Node, target: string, card: NewCard, series: ChartSeries[], label: string) {
  if (screen.kind !== 'dashboard' || !Array.isArray(screen.cards)) return 'only a dashboard has cards to add to';
  const cards = screen.cards as Node[];
  const id = /^cards\[id=([a-z][a-z0-9-]{0,40})\]$/.exec(target)?.[1];
  if (!id) return 'a new card is named cards[id=…] in lowercase letters and dashes';
  if (cards.some((c) => c.id === id)) return `"${id}" is a card already`;
  if (!CHART_TYPES.includes(card.type)) return `a card is drawn as ${CHART_TYPES.join(', ')}`;
  if (!CHART_FORMATS.includes(card.format)) return `a card shows ${CHART_FORMATS.join(' or ')}`;
  const sibling = cards.find((c) => c.source === card.source);
  if (!sibling) return 'a new card reads only what this dashboard reads already';
  const rows = series.find((s) => s.source === card.source && s.items === card.items);
  if (!rows) return `"${card.items}" is not a list of records this source answers`;
  const index = rows.index.find((i) => i.field === card.index);
  if (!index) return `"${card.index}" cannot go along a chart's axis here`;
  if (!rows.values.includes(card.value)) return `"${card.value}" is not a number these records hold`;
  const problem = plainTextProblem(card.title ?? {}) ?? (Object.keys(card.title ?? {}).length ? null : 'no title');
  if (problem) return problem;
  cards.push({
    id,
    title: label,
    ...(sibling.gate ? { gate: sibling.gate } : {}),
    source: card.source,
    span: 2,
    chart: {
      type: card.type,
      items: card.items,
      index: card.index,
      indexFormat: index.format,
      values: [{ field: card.value, label }],
      format: card.format,
    },
  });
  return null;
}
