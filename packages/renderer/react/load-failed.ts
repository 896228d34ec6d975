/**
 * The key of the words for a read that failed: in read-only mode (the host's offline mode) the screen or its data was
 * never read on this device while online, so nothing was kept to show (`app.notKept`); otherwise `app.loadFailed`.
 */
export function loadFailedKey(readOnly: boolean | undefined): string {
  return readOnly ? 'app.notKept' : 'app.loadFailed';
}
