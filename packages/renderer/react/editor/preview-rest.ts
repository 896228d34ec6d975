import { createRestClient } from '../../core/rest.js';
import type { ChartSeries } from '../../core/overlay-cards.js';
import { sampleRecord } from '../../core/sample-record.js';

const SAMPLES = 3;

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * What an admin's preview reads: the previewed screen's resource (at `path`) answers made-up records from its record
 * schema — three on a page, one by id — and anything else answers an empty page. Nothing reaches the server, so no
 * one's data is shown and nothing is written.
 */
export function sampleFetch(
  path: string | null,
  record: Record<string, unknown> | undefined,
  text: (n: number) => string,
  currency?: string,
  charts: ChartSeries[] = [],
): typeof fetch {
  return async (input, init) => {
    if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return answer(403, { message: '' });
    const { pathname } = new URL(String(input), 'http://preview.invalid');
    const drawn = charts.filter((c) => routeOf(c.source).test(pathname));
    if (drawn.length) return answer(200, chartAnswer(drawn, text));
    if (path && pathname === path) {
      const data = Array.from({ length: SAMPLES }, (_, i) => sampleRecord(record, i + 1, text, currency));
      return answer(200, { data, meta: { total: SAMPLES, current_page: 1, last_page: 1, per_page: 25 } });
    }
    if (path && pathname.startsWith(`${path}/`)) return answer(200, { data: sampleRecord(record, 1, text, currency) });
    return answer(200, { data: [], meta: { total: 0, current_page: 1, last_page: 1, per_page: 25 } });
  };
}

/** `/api/v1/sales/{id}?from={from}` → a pattern of the paths a card's source is read at. */
const routeOf = (source: string) =>
  new RegExp(
    `^${source
      .split('?')[0]
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`,
  );

/**
 * A dashboard source's made-up answer: at each array of records its cards may chart (`charts`), six records — dates
 * from today back, or numbered texts, along the axis, and rising numbers to draw.
 */
function chartAnswer(charts: ChartSeries[], text: (n: number) => string) {
  const root: Record<string, unknown> = {};
  for (const c of charts) {
    const rows = Array.from({ length: 6 }, (_, i) => {
      const row: Record<string, unknown> = {};
      for (const { field, format } of c.index)
        row[field] =
          format === 'date' ? new Date(Date.now() - (5 - i) * 864e5).toISOString().slice(0, 10) : text(i + 1);
      for (const field of c.values) row[field] = (i + 1) * 1000;
      return row;
    });
    const parts = c.items.split('.');
    let node = root;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]] = rows;
  }
  return root;
}

/** The REST client over `sampleFetch`. */
export const previewRest = (...args: Parameters<typeof sampleFetch>) =>
  createRestClient({ fetch: sampleFetch(...args) });
