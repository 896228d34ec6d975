import { dialogOpen, whenNoDialog } from '../../../packages/renderer/react/tour/settle';

/**
 * A tour offered the first time never points over a dialog the user opened while the screen was still drawing (an
 * appointment clicked on the calendar): it waits until the dialog is closed.
 */
describe('a first tour and an open dialog', () => {
  // jsdom lays nothing out: an element is "drawn" here when it is in the document.
  const rects = jest.spyOn(HTMLElement.prototype, 'getClientRects').mockImplementation(function (this: HTMLElement) {
    return (this.isConnected ? [{}] : []) as unknown as DOMRectList;
  });
  afterAll(() => rects.mockRestore());
  afterEach(() => document.body.replaceChildren());

  function add(html: string): HTMLElement {
    const holder = document.createElement('div');
    holder.innerHTML = html;
    return document.body.appendChild(holder.firstElementChild as HTMLElement);
  }

  it("counts the user's dialogs, not the tour's own popover", () => {
    add('<div class="driver-popover" role="dialog"></div>');
    expect(dialogOpen()).toBe(false);
    add('<div role="dialog" aria-label="Appointment"></div>');
    expect(dialogOpen()).toBe(true);
  });

  it('does not wait for a dialog the screen itself is drawn in, where its targets are', () => {
    add('<div role="dialog" aria-label="New client"><input data-tour="field-name"></div>');
    expect(dialogOpen(['[data-tour="field-name"]'])).toBe(false);
    expect(dialogOpen(['[data-tour="search"]'])).toBe(true);
  });

  it('waits while a dialog is open and goes on once it is closed', async () => {
    const dialog = add('<div role="alertdialog" aria-label="Delete?"></div>');
    let settled: boolean | undefined;
    void whenNoDialog(new AbortController().signal, [], 10).then((ok) => (settled = ok));
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBeUndefined();
    dialog.remove();
    await new Promise((r) => setTimeout(r, 50));
    expect(settled).toBe(true);
  });

  it('gives up when the screen is left with the dialog still open', async () => {
    add('<div role="dialog" aria-label="Appointment"></div>');
    const leave = new AbortController();
    const waited = whenNoDialog(leave.signal, [], 10);
    leave.abort();
    await expect(waited).resolves.toBe(false);
  });
});
