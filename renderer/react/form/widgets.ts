import { createRegistry, type Registry } from '../../core/registry';
import { DurationWidget, MoneyWidget } from './catalogueWidgets';
import ColourWidget from './ColourWidget';
import ImageWidget from './ImageWidget';
import ResourceSelectWidget, { LazyResourceText } from './LazyResourceSelect';
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
});
