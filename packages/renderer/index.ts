/** The renderer's public API. Integrators import from here only. */
export { SchemaApp, type SchemaAppProps, type LayoutProps, type Guard } from './react/SchemaApp.js';
export {
  Link,
  NavLink,
  Redirect,
  Route,
  RouterProvider,
  useAddress,
  useNavigate,
  useParams,
  useRouteMatcher,
  useSearchParams,
  type Address,
  type LinkProps,
  type Navigate,
  type RouterAdapter,
} from './react/router.js';
export { BrowserRouter, MemoryRouter } from './react/routers.js';
export {
  useRenderer,
  type PreviewIdentity,
  type RendererContextValue,
  type ScreenWidget,
  type ConfirmLabels,
  type Severity,
  type WizardApi,
  type DetailWidgetApi,
} from './react/context.js';
export type { ScreenKind, ScreenProps } from './react/ScreenLoader.js';
export { plainLook } from './react/plain-look.js';
export {
  LookProvider,
  useLook,
  type Look,
  type SpinnerProps,
  type NoticeProps,
  type ActionProps,
  type MessageProps,
} from './react/look.js';
export { preloadable, type Preloadable } from './react/preloadable.js';
export { useScreenTour, type ScreenTourHandle } from './react/tour/tour-control.js';
export {
  selectTourSteps,
  tourStepKey,
  tourTargetSelector,
  type TourHost,
  type TourRun,
  type TourRunStep,
  type TourStepDef,
} from './core/tour.js';
export { writesData } from './core/writes.js';
export {
  applyOverlay,
  OverlayError,
  plainTextProblem,
  resolveTarget,
  type Overlay,
  type OverlayChange,
  type PlainText,
} from './core/overlay.js';
export { describeChange, describeDiff } from './core/overlay-words.js';
export { isCodeLoadError } from './react/ScreenErrorBoundary.js';
export { Loading, LOADING_DELAY_MS, type LoadingProps } from './react/Loading.js';
export { useDetailsLink } from './react/details-link.js';
export { preloadScreenCode } from './react/first-screen.js';
export { forgetData } from './react/cache.js';
export { useDataProvider, useList, useOne, useCall, useMutation } from './react/data.js';
export { downloadFile } from './react/actions.js';
export type { CellProps, CellType, ListViewType, ViewProps } from './react/views/types.js';
export type { RendererWidget } from './react/types.js';
export { createRestClient, HttpError, type Preloaded, type RestClient, type RestOptions } from './core/rest.js';
export { createRestDataProvider, type CallOptions, type DataProvider, type ReadOptions } from './core/data-provider.js';
export { createRegistry, UnknownNameError, type Registry } from './core/registry.js';
export { restSchemaSource, staticSchemaSource, type SchemaSource, type StaticSchemas } from './core/schema-source.js';
export { buildRoutes, recordRoute, routeFor } from './core/routes.js';
export {
  currencySymbol,
  decimalMark,
  formatMoney,
  minorDigits,
  moneyInputText,
  parseMoney,
  toMajor,
  toMinor,
} from './core/money.js';
export * from './core/types.js';
export {
  chartRows,
  changePercent,
  numberAt,
  valueAt,
  type CardDef,
  type ChartDef,
  type ChartRow,
} from './core/card-data.js';
export { useCardSource, useFigureFormat, type FigureFormat } from './react/card-source.js';
