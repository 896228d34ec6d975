import { getTemplate, localToUTC, utcToLocal, type WidgetProps } from '@rjsf/utils';
import { instantOfWallTime, wallTimeIn } from '../../core/zoned.js';

/**
 * A date-time field (`format: date-time`) typed in the host's time zone (`formContext.timeZone`, the business's)
 * rather than the browser's: a time scheduled from a phone abroad still means the time at the business. Without a
 * zone it is rjsf's own widget (the browser's zone). The value stays an instant in UTC.
 */
export default function ZonedDateTimeWidget(props: WidgetProps) {
  const { onChange, value, options, registry } = props;
  const BaseInputTemplate = getTemplate('BaseInputTemplate', registry, options);
  const zone = (registry.formContext as { timeZone?: unknown } | undefined)?.timeZone;
  const timeZone = typeof zone === 'string' && zone ? zone : null;
  const shown = typeof value === 'string' && value ? (timeZone ? wallTimeIn(value, timeZone) : utcToLocal(value)) : '';
  return (
    <BaseInputTemplate
      type="datetime-local"
      {...props}
      value={shown}
      onChange={(next: string) =>
        onChange(next ? (timeZone ? instantOfWallTime(next, timeZone) : localToUTC(next)) : undefined)
      }
    />
  );
}
