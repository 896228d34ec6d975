import { stalePartitions } from '../sw/partitions';

/*
 * Who the service worker keeps answers for, from the page's side. In the entry, apart from the worker's
 * registration (./worker.ts, loaded for a signed-in user only): a page without a user still clears what the last one
 * left, at once.
 */

let session: number | null = null;

/** The user the page last told the worker of (null: nobody). */
export function keptSession(): number | null {
  return session;
}

/** Tells the worker that controls the page who is signed in, and waits (a few seconds at most) for its word. */
export function tellWorker(user: number | null): Promise<void> {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null;
  if (!controller) return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 3000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    controller.postMessage({ type: 'SESSION', user }, [channel.port2]);
  });
}

let told: Promise<void> = Promise.resolve();

/**
 * Tells the worker who is signed in (null: nobody) and deletes every other user's kept answers at once, from the
 * page itself, so nothing of the last user is readable even before the worker hears of it. The worker hears of each
 * change in the order they happen: a log out and the next sign-in reach it in that order.
 */
export function setSession(user: number | null): Promise<void> {
  session = user;
  const cleared =
    typeof caches === 'undefined'
      ? Promise.resolve()
      : caches.keys().then((names) => Promise.all(stalePartitions(names, user).map((name) => caches.delete(name))));
  told = told.then(async () => {
    await cleared.catch(() => undefined);
    await tellWorker(user);
  });
  return told;
}

/** Tells a worker that has just taken the page over who is signed in, in turn with any change of user. */
export function retellWorker(): Promise<void> {
  told = told.then(() => tellWorker(session));
  return told;
}

/** Settles once every change of user so far has reached the worker. */
export function keptSessionTold(): Promise<void> {
  return told;
}
