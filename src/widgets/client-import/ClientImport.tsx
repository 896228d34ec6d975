import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  downloadFile,
  HttpError,
  routeFor,
  useDataProvider,
  useMutation,
  useNavigate,
  useRenderer,
  type ScreenWidget,
} from '@soloist/renderer';
import { PreviewTable, summaryOf, type Preview } from './PreviewTable';

/** The file's first refusal in words: the file's own problem, or the first row's. */
const problemOf = (err: unknown, fallback: string) =>
  err instanceof HttpError
    ? (Object.values((err.body.errors ?? {}) as Record<string, string[]>)[0]?.[0] ?? err.message)
    : fallback;

/**
 * Import clients (`/account-setup/helpful-tools/import-clients`): the template to fill, a file chosen, a preview of
 * every row with its problems and duplicates in words, then the import — all rows or none.
 */
const ClientImport: ScreenWidget = () => {
  const { t, rest, notify, manifest } = useRenderer();
  const provider = useDataProvider();
  const write = useMutation();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** The file, previewed (nothing changes) or imported (the clients' reads are read again). */
  const send = async (chosen: File, previewOnly: boolean) => {
    const form = new FormData();
    form.append('file', chosen);
    type Answer = Preview & { data?: { imported: number }; message?: string };
    return previewOnly
      ? provider.call<Answer>('clients.import', { query: { preview: 1 }, body: form })
      : write.call<Answer>('clients.import', { body: form });
  };
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setFile(chosen);
    setPreview(null);
    setProblem(null);
    setBusy(true);
    try {
      setPreview(await send(chosen, true));
    } catch (err) {
      setProblem(problemOf(err, t('app.networkError')));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  const importNow = async () => {
    setBusy(true);
    try {
      const res = await send(file!, false);
      notify(res.message ?? t('import.done', { count: res.data?.imported ?? 0 }), 'success');
      navigate(routeFor(manifest, 'clients.list'));
    } catch (err) {
      setProblem(problemOf(err, t('app.networkError')));
    } finally {
      setBusy(false);
    }
  };

  // Why Import cannot be pressed, said beside it (and read with it): nothing chosen, the file refused, bad rows…
  const why = busy
    ? t(file && preview ? 'importScreen.why.importing' : 'importScreen.why.reading')
    : !preview
      ? t(file ? 'importScreen.why.file' : 'importScreen.why.noFile')
      : preview.invalid > 0
        ? t('importScreen.why.rows')
        : preview.importable === 0
          ? t('importScreen.why.nothingNew')
          : null;
  const importButton = (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button
        variant="contained"
        disabled={why !== null}
        aria-describedby={why ? 'import-why' : undefined}
        onClick={() => void importNow()}
      >
        {preview ? t('importScreen.import', { count: preview.importable }) : t('importScreen.importClients')}
      </Button>
      {why && (
        <Typography id="import-why" variant="body2" color="text.secondary">
          {why}
        </Typography>
      )}
    </Box>
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 960 }}>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
        <Typography>{t('importScreen.intro')}</Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              variant="outlined"
              onClick={() =>
                void downloadFile(
                  rest,
                  provider.url('clients.import-template', { query: { format } }),
                  undefined,
                  'GET',
                )
              }
            >
              {t(`importScreen.template.${format}`)}
            </Button>
          ))}
        </Box>
        <Box>
          <input
            ref={input}
            id="import-file"
            type="file"
            accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            hidden
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <Button variant="contained" component="label" htmlFor="import-file" disabled={busy}>
            {t('importScreen.choose')}
          </Button>
          {file && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {file.name}
            </Typography>
          )}
        </Box>
        {busy && <LinearProgress aria-label={t('app.loading')} />}
        {!preview && importButton}
      </Paper>
      {problem && (
        <Alert severity="error" role="alert">
          {problem}
        </Alert>
      )}
      {preview && (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
          <Typography role="status">{summaryOf(t, preview)}</Typography>
          {preview.invalid > 0 && <Alert severity="warning">{t('importScreen.fixFirst')}</Alert>}
          <PreviewTable rows={preview.rows} />
          {importButton}
        </Paper>
      )}
    </Box>
  );
};

export default ClientImport;
