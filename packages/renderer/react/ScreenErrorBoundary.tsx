import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnknownNameError } from '../core/registry.js';
import type { Translate } from '../core/types.js';
import { useLook } from './look.js';

/**
 * Whether an error is a failed load of the app's own code: a script chunk (webpack's `ChunkLoadError`, also after
 * its timeout) or a style chunk.
 * @example isCodeLoadError(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' })) → true
 */
export function isCodeLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /^Loading (CSS )?chunk \S+ failed/.test(error.message);
}

interface Props {
  t: Translate;
  children: ReactNode;
}

/**
 * Keeps a failing screen (or dashboard card) to itself: the rest of the app stays usable. A name no registry
 * knows (a widget, screen kind, cell type or list view a schema names) is shown with its schema path, so whoever
 * edits the schemas sees what to fix; any other failure offers to try again.
 */
export class ScreenErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // Code that could not be loaded (a new build replaced it, the network failed) is the app's to handle, not the
    // screen's: trying the screen again would ask for the same missing file.
    if (isCodeLoadError(error)) throw error;
    return <Failed error={error} t={this.props.t} retry={() => this.setState({ error: null })} />;
  }
}

/** What a failed screen says, in the app's look: a name no registry knows with its path, or a way to try again. */
function Failed({ error, t, retry }: { error: Error; t: Translate; retry: () => void }) {
  const { Notice, Action } = useLook();
  const unknown = error instanceof UnknownNameError;
  return (
    <Notice
      severity="error"
      title={t('app.screenFailed')}
      actions={unknown ? undefined : <Action onClick={retry}>{t('app.retry')}</Action>}
    >
      {unknown ? error.message : t('app.screenFailedText')}
    </Notice>
  );
}
