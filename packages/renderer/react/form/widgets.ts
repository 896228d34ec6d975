import { createRegistry, type Registry } from '../../core/registry.js';
import { DurationWidget, MoneyWidget } from './catalogueWidgets.js';
import CallSelectWidget from './CallSelectWidget.js';
import CheckboxesWidget from './CheckboxesWidget.js';
import ColourWidget from './ColourWidget.js';
import DateWidget from './DateWidget.js';
import DayMonthWidget from './DayMonthWidget.js';
import ImageWidget from './ImageWidget.js';
import ResourceSelectWidget, { LazyResourceText } from './LazyResourceSelect.js';
import TemplateWidget from './TemplateWidget.js';
import { CheckboxWidget, SelectWidget, TextareaWidget } from './theme.js';
import type { RendererWidget } from '../types.js';
import ZonedDateTimeWidget from './ZonedDateTimeWidget.js';

export type { RendererWidget };

/**
 * Widgets every renderer has. rjsf's own (text, password, date, select, …) are there too; these replace or
 * add to them. A host adds its own with <SchemaApp widgets={{ colour: ColourPicker }}>.
 * @example
 * const widgets = defaultWidgets.with({ colour: ColourPicker });
 * widgets.has('money') // → true
 */
export const defaultWidgets: Registry<RendererWidget> = /* @__PURE__ */ createRegistry<RendererWidget>('widget', {
  checkbox: CheckboxWidget,
  CheckboxWidget,
  checkboxes: CheckboxesWidget,
  CheckboxesWidget,
  // A message template: tags to put in, and the text as it will be read, described by the server.
  template: TemplateWidget,
  textarea: TextareaWidget,
  TextareaWidget,
  select: SelectWidget,
  SelectWidget,
  image: ImageWidget,
  colour: ColourWidget,
  money: MoneyWidget,
  duration: DurationWidget,
  'resource-select': ResourceSelectWidget,
  'resource-text': LazyResourceText,
  // A choice among a named call's list that is not a resource (the currencies).
  'call-select': CallSelectWidget,
  // `format: date-time`, typed in the business's time zone when the host gives one (formContext.timeZone).
  DateTimeWidget: ZonedDateTimeWidget,
  // `format: date`: typed in the locale's order (06/04/2027) or picked from a month, not the browser's own input.
  date: DateWidget,
  DateWidget,
  // A day of the year ("6 April", held as 04-06): the start of a tax year.
  'day-month': DayMonthWidget,
});
