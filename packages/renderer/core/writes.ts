import type { ActionDef } from './types.js';

/**
 * Whether an action changes data on the server, so read-only mode (a host's `readOnly`: offline, say) disables it:
 * archive, restore, delete and export, a call (POST, PUT or DELETE), and a link to a form, a wizard or a screen
 * whose gate asks to do more than read (the till, an import: where one writes). A link to a list or a record, and
 * a download (a GET), only read.
 * @example writesData({ kind: 'navigate', screen: 'clients-form' }, [{ id: 'clients-form', kind: 'form' }]) → true
 */
export function writesData(
  action: Pick<ActionDef, 'kind' | 'screen'>,
  screens: ReadonlyArray<{ id: string; kind: string; gate?: { action?: string } }>,
): boolean {
  switch (action.kind ?? 'navigate') {
    case 'navigate': {
      const target = screens.find((s) => s.id === action.screen);
      const gated = target?.gate?.action;
      return target?.kind === 'form' || target?.kind === 'wizard' || (gated !== undefined && gated !== 'read');
    }
    case 'download':
      return false;
    default:
      return true;
  }
}
