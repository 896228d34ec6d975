import { createContext, useContext } from 'react';
import type { Registry } from '../core/registry.js';
import type { DataProvider } from '../core/data-provider.js';
import type { RestClient } from '../core/rest.js';
import type { SchemaSource } from '../core/schema-source.js';
import type { TourHost } from '../core/tour.js';
import type { ComponentType } from 'react';
import type { Can, CardDef, Gate, Manifest, RecordData, ScreenDef, Translate, WizardStepDef } from '../core/types.js';
import type { RendererWidget } from './types.js';
import type { CellType, ListViewType } from './views/types.js';

/**
 * A toast's kind, as MUI's alerts name them.
 * @example const severity: Severity = 'warning'; notify('The appointment overlaps another.', severity);
 */
export type Severity = 'success' | 'error' | 'warning' | 'info';

/**
 * The words on a confirm dialog's two buttons, already translated.
 * @example
 * const labels: ConfirmLabels = { confirm: 'Cancel invoice', cancel: 'Keep it' };
 * const yes = await confirm('Cancel invoice INV-0042?', labels);
 */
export interface ConfirmLabels {
  confirm: string;
  cancel: string;
}

/**
 * What a wizard step widget can do: read and add to the wizard's data, move on, go back, start again.
 * @example
 * const PickService = ({ wizard }: { wizard?: WizardApi }) => (
 *   <Button onClick={() => wizard?.next({ service_id: 3 })}>Haircut · £35.00</Button>
 * );
 */
export interface WizardApi {
  data: Record<string, unknown>;
  /** Route parameters of the wizard's screen (e.g. the booking page's slug). */
  params: Record<string, string | undefined>;
  step: WizardStepDef;
  update(patch: Record<string, unknown>): void;
  /** Adds the patch and moves to the next step that applies to the new data. */
  next(patch?: Record<string, unknown>): void;
  back(): void;
  /** Replaces the data and goes to the first step. */
  restart(data?: Record<string, unknown>): void;
  /**
   * Shows the step alone (true), without the wizard's counter, progress, title and back button: a step that cannot
   * go on (an error page) says why and draws its own heading. False shows the frame again.
   */
  plain(on: boolean): void;
}

/**
 * What a detail screen hands the widget of one of its sections: the record shown, and a way to read it again.
 * @example
 * const Balance: ScreenWidget = ({ detail }) => (
 *   <Button onClick={() => void detail?.refresh()}>{String(detail?.record.balance ?? 0)}</Button>
 * );
 */
export interface DetailWidgetApi {
  record: RecordData;
  /** Reads the record again (after the widget changed it, or while it is changing on the server). */
  refresh(): Promise<unknown>;
}

/**
 * A hand-written block a screen places by name: a dashboard card's `widget` (calendar, charts, codes…), a
 * wizard's step (then `wizard` is given), or a detail screen's section (then `detail` is given).
 * @example
 * const Welcome: ScreenWidget = ({ screen }) => <p data-screen={screen.id}>Welcome back, Ada</p>;
 * // given as <SchemaApp screenWidgets={{ welcome: Welcome }}>, placed by a card's "widget": "welcome"
 */
export type ScreenWidget = ComponentType<{
  screen: ScreenDef;
  card?: CardDef;
  wizard?: WizardApi;
  detail?: DetailWidgetApi;
}>;

/**
 * Everything a screen needs from its host, handed down once by <SchemaApp>.
 * @example
 * const { t, can, notify }: RendererContextValue = useRenderer();
 * if (can('create', 'Client')) notify(t('clients.saved'), 'success');
 */
export interface RendererContextValue {
  manifest: Manifest;
  rest: RestClient;
  /** Where screens are read (`SchemaApp`'s `schemas`); Soloist's server through `rest` when absent. */
  schemas?: SchemaSource;
  /** What widgets read and write through (`useDataProvider()`); the REST dialect over `rest` when absent. */
  data?: DataProvider;
  t: Translate;
  locale: string;
  can: Can;
  /** The host's form widgets; the form screen adds the built-in ones. */
  widgets: Registry<RendererWidget>;
  screenWidgets: Registry<ScreenWidget>;
  /** The host's own cell types (`x-…`, or one replacing a built-in); the views add the built-ins. */
  cellTypes?: Registry<CellType>;
  /** The host's own list views (`x-…`, or one replacing a built-in); the list screen adds the built-ins. */
  listViews?: Registry<ListViewType>;
  formContext: Record<string, unknown>;
  notify(message: string, severity?: Severity): void;
  /** Asks the user; `labels` name the two answers when Cancel/Confirm would be ambiguous ("Keep my booking"). */
  confirm(text: string, labels?: ConfirmLabels): Promise<boolean>;
  /**
   * The host's answer to a screen's gate: null to show the screen, a path to send the user to, or a message to
   * show instead of the screen (e.g. which plan offers the feature), with an optional way on (`link`: the plans).
   */
  checkGate(gate: Gate | undefined): string | { message: string; link?: { to: string; label: string } } | null;
  /**
   * Read-only mode (the host's: offline, say): every control that writes is disabled — forms, their submit, and the
   * actions that change data (`writesData`); reading and moving between screens stay.
   */
  readOnly?: boolean;
  /** Called after a form whose `submit.then` is "session" succeeds (login): the host reloads the user. */
  onSession(): Promise<void>;
  /** Whom the screen editor's preview can draw a screen as (roles × plans); no preview without them. */
  previewAs?: PreviewIdentity[];
  /** What the user has done of the screens' tours, and where to record more; no tours without it. */
  tours?: TourHost;
}

/**
 * Someone an admin's preview draws a screen as — a role and a plan — with what the host would let them do.
 * @example
 * const owner: PreviewIdentity = {
 *   id: 'owner-lite',
 *   label: 'Owner · Lite',
 *   can: () => true,
 *   checkGate: () => null,
 * };
 */
export interface PreviewIdentity {
  id: string;
  /** Already in the reader's language: "Owner · Lite". */
  label: string;
  can: Can;
  checkGate: RendererContextValue['checkGate'];
}

export const RendererContext = createContext<RendererContextValue | null>(null);

/**
 * What the renderer was given and works with — texts, rules, the REST client, the manifest, toasts — for a widget or
 * a host's component drawn inside `SchemaApp`.
 * @example const { t, can, notify } = useRenderer(); if (can('create', 'Client')) notify(t('saved'), 'success');
 */
export function useRenderer(): RendererContextValue {
  const value = useContext(RendererContext);
  if (!value) throw new Error('useRenderer() must be used inside <SchemaApp>');
  return value;
}
