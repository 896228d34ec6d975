import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { UnknownNameError } from '../core/registry.js';
import type { Translate } from '../core/types.js';

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
    const { t } = this.props;
    const retry = (
      <Button color="inherit" size="small" onClick={() => this.setState({ error: null })}>
        {t('app.retry')}
      </Button>
    );
    return (
      <Alert
        severity="error"
        role="alert"
        action={error instanceof UnknownNameError ? undefined : retry}
        sx={{ maxWidth: 720 }}
      >
        <AlertTitle>{t('app.screenFailed')}</AlertTitle>
        {error instanceof UnknownNameError ? error.message : t('app.screenFailedText')}
      </Alert>
    );
  }
}
