import type { FastifyInstance } from 'fastify';
import { applyOverlay, OverlayError, type Overlay } from '@soloist/renderer/core';
import type { FieldShape } from '@soloist/renderer/core';
import { withViewTexts } from '../../engine/live-view';
import { registryProblems } from '../../engine/schema-checks';
import { DomainError } from '../../infra/domain-error';
import { chartSeries } from './chart-series';

type Screen = Record<string, unknown> & { id: string };

/**
 * Refuses (422, with the change's place) an overlay that cannot apply to the shipped screens as they are now, or
 * whose result the schema checks `validate:schemas` runs would refuse: a target gone, text that is not plain, a
 * required field hidden from its create form, anything of the data contract touched.
 */
export function checkOverlay(app: FastifyInstance, overlay: Overlay) {
  const registry = app.registry;
  const required = requiredFields(app);
  let applied;
  try {
    applied = applyOverlay(
      { screens: registry.screens as unknown as Map<string, Screen>, navigation: registry.navigation },
      overlay,
      required,
      readableFields(app),
      fieldShapes(app),
      chartSeries(app),
    );
  } catch (err) {
    if (!(err instanceof OverlayError)) throw err;
    throw refused(err.path, err.message.slice(err.path.length + 2));
  }
  const texts = app.schemas.i18n.texts as Record<string, Record<string, unknown>>;
  const locales = Object.fromEntries(
    Object.entries(texts).map(([lng, base]) => [lng, withViewTexts(base, applied.texts[lng] ?? applied.texts.en)]),
  );
  const screens = new Map(registry.screens);
  for (const [id, screen] of applied.screens) screens.set(id, screen as never);
  const problems = registryProblems({ ...registry, screens, navigation: applied.navigation }, locales);
  if (problems.length) throw refused('changes', problems[0]);
  return applied;
}

/** The fields a screen's resource requires to save (a create form keeps them), as the shipped schemas say now. */
export function requiredFields(app: FastifyInstance) {
  return (screen: Screen) => {
    const resource = typeof screen.resource === 'string' ? app.registry.resources.get(screen.resource) : undefined;
    return ((resource?.request as { required?: string[] } | undefined)?.required ?? []) as string[];
  };
}

/** What each field a screen's resource takes holds (type, choices, format): the widgets it may be drawn with. */
export function fieldShapes(app: FastifyInstance) {
  return (screen: Screen): Record<string, FieldShape> => {
    const resource = typeof screen.resource === 'string' ? app.registry.resources.get(screen.resource) : undefined;
    return ((resource?.request as { properties?: Record<string, FieldShape> } | undefined)?.properties ?? {}) as Record<
      string,
      FieldShape
    >;
  };
}

/** A form's fields as `fieldShapes` has them (type, choices, format): the editor offers each its widgets. */
export function formShapes(app: FastifyInstance, screen: Screen): Record<string, FieldShape> {
  if (screen.kind !== 'form' || !Array.isArray(screen.fields)) return {};
  const shapes = fieldShapes(app)(screen);
  return Object.fromEntries(
    (screen.fields as unknown[])
      .filter((f): f is string => typeof f === 'string' && shapes[f] !== undefined)
      .map((f) => [f, { type: shapes[f].type, enum: shapes[f].enum, format: shapes[f].format }]),
  );
}

/** The fields a list may show as columns: those its resource's read answer holds (not its child lists). */
export function readableFields(app: FastifyInstance) {
  return (screen: Screen) => {
    const resource = typeof screen.resource === 'string' ? app.registry.resources.get(screen.resource) : undefined;
    const properties = (resource?.record as { properties?: Record<string, { type?: unknown }> } | undefined)
      ?.properties;
    return Object.entries(properties ?? {})
      .filter(([, p]) => ![p.type].flat().some((type) => type === 'object' || type === 'array'))
      .map(([name]) => name);
  };
}

const refused = (path: string, reason: string) =>
  new DomainError(422, 'uiConfig.refused', { path, reason }, undefined, {
    fields: { [path]: { key: 'uiConfig.refused', values: { path, reason } } },
  });
