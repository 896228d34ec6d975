/**
 * The renderer's core: the screen language's types, overlays, money, routes, the REST dialect's client and data
 * provider — everything without React, for a server or a host that draws screens its own way.
 */
export { selectTourSteps, tourStepKey, tourTargetSelector, type TourHost, type TourStepDef } from './tour.js';
export { writesData } from './writes.js';
export {
  applyOverlay,
  OverlayError,
  plainTextProblem,
  resolveTarget,
  type Overlay,
  type OverlayChange,
  type PlainText,
} from './overlay.js';
export { describeChange, describeDiff } from './overlay-words.js';
export { createRestClient, HttpError, type Preloaded, type RestClient, type RestOptions } from './rest.js';
export { createRestDataProvider, type CallOptions, type DataProvider, type ReadOptions } from './data-provider.js';
export { createRegistry, UnknownNameError, type Registry } from './registry.js';
export { restSchemaSource, staticSchemaSource, type SchemaSource, type StaticSchemas } from './schema-source.js';
export { buildRoutes, recordRoute, routeFor } from './routes.js';
export { matchRoute, type RouteParams } from './route-match.js';
export {
  currencySymbol,
  decimalMark,
  formatMoney,
  minorDigits,
  moneyInputText,
  parseMoney,
  toMajor,
  toMinor,
} from './money.js';
export * from './types.js';
export {
  chartRows,
  changePercent,
  numberAt,
  valueAt,
  type CardDef,
  type ChartDef,
  type ChartRow,
} from './card-data.js';
export { BUILTIN_SCREEN_KINDS, BUILTIN_WIDGETS } from './builtins.js';
export { resolveSource } from './card-data.js';
export { type Exclusive } from './exclusive.js';
export { listRead, listState } from './list-state.js';
export { type ChartSeries, seriesIn } from './overlay-cards.js';
export { classifyUpgrade } from './overlay-upgrade.js';
export { type FieldShape } from './overlay-widgets.js';
export { query } from './rest.js';
export { SCHEMA_POLL_MS } from './routes.js';
export { wallMs } from './zoned.js';
