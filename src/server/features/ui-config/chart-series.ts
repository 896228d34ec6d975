import type { FastifyInstance } from 'fastify';
import { seriesIn, type ChartSeries } from '@soloist/renderer/core';

type Screen = Record<string, unknown> & { id: string };

/** `/api/v1/sales/{id}?from={from}` → `/api/v1/sales/:id`: the route a card's source is served by. */
const routeOf = (source: string) => source.split('?')[0].replace(/\{(\w+)\}/g, ':$1');

/**
 * What a dashboard's new card may chart: the records each source its cards read already answers, as the route's
 * answer schema (200) describes them. Worked out once per source; a source no route serves offers nothing.
 */
export function chartSeries(app: FastifyInstance): (screen: Screen) => ChartSeries[] {
  const known = new Map<string, ChartSeries[]>();
  return (screen) => {
    if (screen.kind !== 'dashboard' || !Array.isArray(screen.cards)) return [];
    const sources = [...new Set((screen.cards as Array<{ source?: string }>).map((c) => c.source).filter(Boolean))];
    return sources.flatMap((source) => {
      if (!known.has(source!)) {
        const route = app.routeList.find((r) => r.method === 'GET' && r.url === routeOf(source!));
        const answer = (route?.schema?.response as Record<string, unknown> | undefined)?.['200'];
        known.set(source!, seriesIn(source!, answer as Record<string, unknown> | undefined));
      }
      return known.get(source!)!;
    });
  };
}
