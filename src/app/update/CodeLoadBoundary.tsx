import { Component, useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isCodeLoadError } from '@soloist/renderer';

type Translate = (key: string) => string;

/** Spec §8: a part of the app that could not be loaded (failed, or past the 120 s chunk timeout): reload. */
function CodeLoadFailure({ t }: { t: Translate }) {
  return (
    <Box sx={{ p: 2, display: 'grid', placeItems: 'center', minHeight: '50vh' }}>
      <Alert
        severity="warning"
        role="alert"
        sx={{ maxWidth: 560 }}
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('update.reload')}
          </Button>
        }
      >
        <AlertTitle>{t('update.chunkTitle')}</AlertTitle>
        {t('update.chunkText')}
      </Alert>
    </Box>
  );
}

/** Code loads that fail outside rendering (a screen's code fetched ahead, a dialog's chunk): the same offer. */
function useUnhandledCodeLoad(): boolean {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (!isCodeLoadError(event.reason)) return;
      event.preventDefault();
      setFailed(true);
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
  return failed;
}

function UnhandledCodeLoad({ t, children }: { t: Translate; children: ReactNode }) {
  return useUnhandledCodeLoad() ? <CodeLoadFailure t={t} /> : <>{children}</>;
}

/**
 * The app's root catch for its own code failing to load — after a new build replaced the files a long-open tab
 * asks for, or when loading took past webpack's 120 s timeout: the words of spec §8 and a reload, instead of a
 * blank page. Any other error goes on up as it is.
 */
export class CodeLoadBoundary extends Component<{ t: Translate; children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error && !isCodeLoadError(error)) throw error;
    if (error) return <CodeLoadFailure t={this.props.t} />;
    return <UnhandledCodeLoad t={this.props.t}>{this.props.children}</UnhandledCodeLoad>;
  }
}
