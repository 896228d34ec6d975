import { createRegistry, type Registry } from '../../core/registry';
import { DurationWidget, MoneyWidget } from './catalogueWidgets';
import CheckboxesWidget from './CheckboxesWidget';
import ColourWidget from './ColourWidget';
import DateWidget from './DateWidget';
import DayMonthWidget from './DayMonthWidget';
import ImageWidget from './ImageWidget';
import ResourceSelectWidget, { LazyResourceText } from './LazyResourceSelect';
import TemplateWidget from './TemplateWidget';
import { CheckboxWidget, SelectWidget, TextareaWidget } from './theme';
import type { RendererWidget } from '../types';
import ZonedDateTimeWidget from './ZonedDateTimeWidget';

export type { RendererWidget };

/**
 * Widgets every renderer has. rjsf's own (text, password, date, select, …) are there too; these replace or
 * add to them. A host adds its own with <SchemaApp widgets={{ colour: ColourPicker }}>.
 */
export const defaultWidgets: Registry<RendererWidget> = createRegistry<RendererWidget>('widget', {
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
  // `format: date-time`, typed in the business's time zone when the host gives one (formContext.timeZone).
  DateTimeWidget: ZonedDateTimeWidget,
  // `format: date`: typed in the locale's order (06/04/2027) or picked from a month, not the browser's own input.
  date: DateWidget,
  DateWidget,
  // A day of the year ("6 April", held as 04-06): the start of a tax year.
  'day-month': DayMonthWidget,
});
