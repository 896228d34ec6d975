import { Component, type ErrorInfo, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { UnknownNameError } from '../core/registry';
import type { Translate } from '../core/types';

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
