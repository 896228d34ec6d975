import { lazy, Suspense, useRef, useState } from 'react';
import IconButton from '@mui/material/IconButton';

type T = (key: string, options?: Record<string, unknown>) => string;

const loadCalendar = () => import(/* webpackChunkName: "date-calendar" */ './DateCalendar.js');
const DateCalendar = lazy(loadCalendar);

/** A calendar's icon (MUI's CalendarMonth path, drawn here so that the form's chunk carries no icon package). */
function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M19 4h-1V2h-2v2H8V2H6v2H5c-1.11 0-1.99.9-1.99 2L3 20c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2m0 16H5V10h14zM9 14H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2zm-8 4H7v-2h2zm4 0h-2v-2h2zm4 0h-2v-2h2z" />
    </svg>
  );
}

export interface DatePickerProps {
  /** The ISO date chosen, if any: the month the calendar opens on. */
  value: string | null;
  onPick(iso: string): void;
  locale: string;
  t: T;
  disabled?: boolean;
  /** What the button says to a screen reader: "Choose a date: Date". */
  label?: string;
}

/**
 * A button beside a date field that opens a month's calendar (./DateCalendar.tsx, loaded when first wanted: the
 * pointer over the button, its focus, or a tap).
 */
export function DatePicker({ value, onPick, locale, t, disabled, label }: DatePickerProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Once opened the calendar stays mounted, so it can close as it opened.
  const [wanted, setWanted] = useState(false);
  const prefetch = () => void loadCalendar().catch(() => undefined);
  return (
    <>
      <IconButton
        ref={button}
        size="small"
        disabled={disabled}
        aria-label={label ? `${t('form.date.choose')}: ${label}` : t('form.date.choose')}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <CalendarIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <DateCalendar
            value={value}
            onPick={onPick}
            locale={locale}
            t={t}
            anchor={button.current}
            open={open}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
