/** The renderer's public API. Integrators import from here only. */
export { SchemaApp, type SchemaAppProps, type LayoutProps, type Guard } from './react/SchemaApp';
export {
  Link,
  NavLink,
  useAddress,
  useNavigate,
  useParams,
  useRouteMatcher,
  useSearchParams,
  type LinkProps,
  type Navigate,
} from './react/router';
export {
  useRenderer,
  type RendererContextValue,
  type ScreenWidget,
  type ConfirmLabels,
  type Severity,
  type WizardApi,
  type DetailWidgetApi,
} from './react/context';
export { defaultScreenKinds, type ScreenKind, type ScreenProps } from './react/ScreenLoader';
export { preloadable, type Preloadable } from './react/preloadable';
export { Loading, LOADING_DELAY_MS, type LoadingProps } from './react/Loading';
export { useDetailsLink } from './react/details-link';
export { preloadScreenCode } from './react/first-screen';
export { forgetData } from './react/cache';
export { downloadFile } from './react/actions';
export type { CellProps, CellType, ListViewType, ViewProps } from './react/views/types';
export { RowCards, PHONE_QUERY, type RowCard } from './react/views/RowCards';
export { defaultWidgets, type RendererWidget } from './react/form/widgets';
export { DateTextField, type DateTextFieldProps } from './react/form/DateTextField';
export { createRestClient, HttpError, type Preloaded, type RestClient, type RestOptions } from './core/rest';
export { createRegistry, UnknownNameError, type Registry } from './core/registry';
export { buildRoutes, routeFor } from './core/routes';
export {
  currencySymbol,
  decimalMark,
  formatMoney,
  minorDigits,
  moneyInputText,
  parseMoney,
  regionCurrency,
  toMajor,
  toMinor,
} from './core/money';
export * from './core/types';
export {
  chartRows,
  changePercent,
  numberAt,
  valueAt,
  type CardDef,
  type ChartDef,
  type ChartRow,
} from './core/card-data';
export { useCardSource, useFigureFormat, type FigureFormat } from './react/card-source';
