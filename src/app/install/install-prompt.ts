import { useSyncExternalStore } from 'react';

/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`, kept for the moment the person asks),
 * and what to offer instead where there is none: Safari on an iPhone or iPad installs from its share sheet.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallWay = 'prompt' | 'safari' | null;

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Running as the installed app (its own window), not in a browser tab. */
export function runsInstalled(): boolean {
  if (typeof window === 'undefined') return false;
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** Safari on iOS or iPadOS (an iPad says it is a Mac, with a touch screen), where only the share sheet installs. */
export function isIosSafari(userAgent: string, touchPoints: number): boolean {
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && touchPoints > 1);
  return ios && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent);
}

/** Spec §1: the installed app keeps its saved data; the browser is asked not to clear it under storage pressure. */
export async function keepStorage(): Promise<boolean> {
  return (await navigator.storage?.persist?.().catch(() => false)) ?? false;
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    installed = true;
    deferred = null;
    changed();
    void keepStorage();
  });
  if (runsInstalled()) void keepStorage();
}

function currentWay(): InstallWay {
  if (installed || runsInstalled()) return null;
  if (deferred) return 'prompt';
  return typeof navigator !== 'undefined' && isIosSafari(navigator.userAgent, navigator.maxTouchPoints ?? 0)
    ? 'safari'
    : null;
}

/** How this browser can install the app now, if at all. */
export function useInstallWay(): InstallWay {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    currentWay,
    () => null,
  );
}

/** Shows the browser's own install dialog; true when the person installed. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  changed();
  if (outcome === 'accepted') await keepStorage();
  return outcome === 'accepted';
}
