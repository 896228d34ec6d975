type T = (k: string, o?: Record<string, unknown>) => string;

/**
 * FullCalendar's screen-reader texts and hints (its locales leave them English: "Previous Week", "Day view",
 * "Events", "Timed"), from the app's own i18n keys so that they follow the owner's language. In the three-day view
 * FullCalendar's unit is still the day, but its arrows move by three: "Next 3 days".
 */
export function calendarTexts(t: T, view?: string) {
  const unit = (kind: string) => (_unitText: string, name: string) =>
    t(`calendar.fc.${kind}.${view === 'timeGrid3Day' ? 'threeDays' : name}`, {
      defaultValue: t(`calendar.fc.${kind}.day`),
    });
  return {
    prevHint: unit('prev'),
    nextHint: unit('next'),
    todayHint: unit('today'),
    viewHint: (buttonText: string) => t('calendar.fc.viewHint', { view: buttonText }),
    viewChangeHint: t('calendar.fc.viewChange'),
    navLinkHint: (dateText: string) => t('calendar.fc.goTo', { date: dateText }),
    moreLinkHint: (count: number) => t('calendar.fc.moreHint', { count }),
    moreLinkText: (count: number) => t('calendar.fc.more', { count }),
    closeHint: t('calendar.fc.close'),
    eventsHint: t('calendar.fc.events'),
    timedText: t('calendar.fc.timed'),
    noEventsText: t('calendar.fc.noEvents'),
  };
}
