import type { ComponentType, LazyExoticComponent } from 'react';
import type { Widget } from '@rjsf/utils';
import type { ScreenDef } from '../core/types.js';
import type { Preloadable } from './preloadable.js';

/**
 * What a screen kind is given: its screen, as the server serves it.
 * @example const BoardScreen = ({ screen }: ScreenProps) => <section aria-label={screen.id}>…</section>;
 */
export interface ScreenProps {
  screen: ScreenDef;
}

/**
 * A screen kind (`list`, `form`, …, or a host's own): a component, lazy or preloadable.
 * @example const screenKinds: Record<string, ScreenKind> = { 'x-board': lazy(() => import('./BoardScreen.js')) };
 */
export type ScreenKind =
  ComponentType<ScreenProps> | LazyExoticComponent<ComponentType<ScreenProps>> | Preloadable<ScreenProps>;

/**
 * A form widget: an rjsf widget component, chosen by a uiSchema's `ui:widget` name.
 * @example
 * const widgets: Record<string, RendererWidget> = { colour: ColourPicker };
 * // <SchemaApp widgets={widgets}>, and a uiSchema's "ui:widget": "colour" draws it
 */
export type RendererWidget = Widget;
