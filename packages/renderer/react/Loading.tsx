import { useEffect, useState } from 'react';
import { useLook } from './look.js';

/**
 * How long a wait goes unshown: an answer quicker than this paints without an indicator flashing first.
 * @example const timer = setTimeout(showSpinner, LOADING_DELAY_MS); // 300 ms
 */
export const LOADING_DELAY_MS = 300;

/**
 * The props of `Loading`: what screen readers hear, and how long to wait before anything shows.
 * @example const props: LoadingProps = { label: 'Loading clients…', inline: true, delay: 0 };
 */
export interface LoadingProps {
  /** What screen readers hear: "Loading…". */
  label: string;
  /** A small indicator in a line or a field's place, rather than a screen's or a card's. */
  inline?: boolean;
  delay?: number;
}

/**
 * What a screen, a card or a block shows while it waits for its code or its data: nothing for the first 300 ms, then
 * the look's spinner, named for screen readers. Wherever the main area waits, this shows, so a slow answer never leaves it
 * blank.
 * @example
 * <Loading label={t('common.loading')} />
 * <Loading label={t('common.loading')} inline delay={0} />
 */
export function Loading({ label, inline = false, delay = LOADING_DELAY_MS }: LoadingProps) {
  const { Spinner } = useLook();
  const [shown, setShown] = useState(delay <= 0);
  useEffect(() => {
    if (shown) return undefined;
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, []);
  // Meanwhile nothing shows, but the wait is said to assistive technology and to tools that wait for the page.
  if (!shown) return <div aria-busy="true" data-loading="waiting" />;
  return <Spinner label={label} inline={inline} />;
}
