import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRenderer } from '../context.js';
import { useMutation } from '../data.js';

type Write = (name: string, options: { body?: unknown }, done: string) => Promise<boolean>;

/** Saves `text` as a file named `name`, as the browser saves a download. */
function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** A chosen file's text (FileReader: every browser, and the test DOM, which has no `Blob.text`). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file);
  });
}

/**
 * Screen changes between installations, through the host's named calls `ui.export` (what is live, as a file) and
 * `ui.import` (a file into the draft, over the version read, checked by the server as any saved change; a refusal is
 * said in its words). What was imported is read in the draft's changes before it is published.
 */
export function Transfer({ write }: { write: Write }) {
  const { t, notify } = useRenderer();
  const { call } = useMutation();
  const input = useRef<HTMLInputElement>(null);

  const exportLive = async () => {
    try {
      const file = await call<{ exported_at: string }>('ui.export');
      download(`soloist-screen-changes-${file.exported_at.slice(0, 10)}.json`, JSON.stringify(file, null, 2));
    } catch {
      notify(t('errors.server'), 'error');
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    let body: unknown;
    try {
      body = JSON.parse(await readText(file));
    } catch {
      notify(t('screenEditor.importNotFile'), 'error');
      return;
    }
    await write('ui.import', { body }, 'screenEditor.imported');
  };

  return (
    <Paper sx={{ p: 2 }} component="section" aria-labelledby="se-transfer">
      <Typography id="se-transfer" variant="h6" component="h2" gutterBottom>
        {t('screenEditor.transfer')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('screenEditor.transferHelp')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        <Button onClick={() => void exportLive()}>{t('screenEditor.export')}</Button>
        <Button onClick={() => input.current?.click()}>{t('screenEditor.import')}</Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label={t('screenEditor.import')}
          onChange={(e) => {
            void importFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </Box>
    </Paper>
  );
}
