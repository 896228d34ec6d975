import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { PlainText } from '../../core/overlay.js';
import { useRenderer } from '../context.js';
import { RenameForm } from './RenameForm.js';

type Step = { id: string; title: string; text: string };

/**
 * The steps of a screen's tour with their texts as the draft has them (`say` reads a key, the draft's own first),
 * each with a way to change its text in English and Ukrainian. Its target and title stay as they ship.
 */
export function TourTexts({
  steps,
  say,
  onChange,
}: {
  steps: Step[];
  say(key: string): string;
  onChange(target: string, value: PlainText): void;
}) {
  const { t } = useRenderer();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Box component="section" aria-labelledby="se-tour" sx={{ mt: 3 }}>
      <Typography id="se-tour" variant="subtitle1" component="h3" gutterBottom>
        {t('screenEditor.tour.heading')}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, display: 'grid', gap: 1.5 }}>
        {steps.map((step) => {
          const target = `tour[id=${step.id}]`;
          const name = say(step.title);
          return (
            <li key={step.id}>
              <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {say(step.text)}
              </Typography>
              {editing === target ? (
                <RenameForm
                  current={say(step.text)}
                  words={{
                    en: 'screenEditor.tour.textEn',
                    uk: 'screenEditor.tour.textUk',
                    submit: 'screenEditor.tour.change',
                  }}
                  onCancel={() => setEditing(null)}
                  onRename={(value) => {
                    onChange(target, value);
                    setEditing(null);
                  }}
                />
              ) : (
                <Button
                  size="small"
                  aria-label={t('screenEditor.tour.changeNamed', { name })}
                  onClick={() => setEditing(target)}
                >
                  {t('screenEditor.tour.change')}
                </Button>
              )}
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
