import type { RendererWidget } from '../../renderer';

/**
 * Soloist's hand-written widgets, registered by the names schemas use (`"ui:widget": "<name>"`).
 * One import + one entry per widget; the calendar, booking wizard and charts arrive here as they are built.
 */
export const widgets: Record<string, RendererWidget> = {};
