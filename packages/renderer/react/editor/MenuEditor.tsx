import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { applyOverlay, type OverlayChange } from '../../core/overlay.js';
import type { Navigation } from '../../core/types.js';
import { useRenderer } from '../context.js';
import { useCall } from '../data.js';
import { RenameForm } from './RenameForm.js';
import { RowButtons } from './RowButtons.js';

type Entry = { label: string; route: string };

/**
 * The menus of the app's areas as the draft would show them — the draft's menu changes over the navigation as it
 * ships (`ui.shipped-navigation`) — each entry renamed, moved or hidden by a button, as the screens' lists are.
 */
export function MenuEditor({ changes, add }: { changes: OverlayChange[]; add(change: OverlayChange): void }) {
  const { t, locale } = useRenderer();
  const { data: shipped } = useCall<{ data: Navigation }>('ui.shipped-navigation');
  const [areaId, setAreaId] = useState('');
  const [renaming, setRenaming] = useState<{ target: string; name: string } | null>(null);
  const applied = useMemo(() => {
    if (!shipped) return null;
    try {
      const mine = changes.filter((c) => 'area' in c);
      return applyOverlay({ screens: new Map(), navigation: shipped.data }, { changes: mine });
    } catch {
      return null;
    }
  }, [shipped, changes]);
  const areas = (applied?.navigation.areas ?? []).filter((a) => (a.menu ?? []).length > 0);
  const area = areas.find((a) => a.id === areaId) ?? areas[0];
  if (!area) return null;
  const say = (key: string) => applied?.texts[locale]?.[key] ?? applied?.texts.en?.[key] ?? t(key);
  const entries = (area.menu ?? []) as Entry[];
  return (
    <Box component="section" aria-labelledby="se-menu" sx={{ display: 'grid', gap: 1 }}>
      <Typography id="se-menu" variant="h6" component="h2">
        {t('screenEditor.menu.heading')}
      </Typography>
      <TextField
        select
        size="small"
        label={t('screenEditor.menu.area')}
        value={area.id}
        onChange={(e) => setAreaId(e.target.value)}
        slotProps={{ select: { native: true } }}
      >
        {areas.map((a) => (
          <option key={a.id} value={a.id}>
            {t(`screenEditor.area.${a.id}`)}
          </option>
        ))}
      </TextField>
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {entries.map((entry, i) => {
          const target = `menu[route=${entry.route}]`;
          const name = say(entry.label);
          const change = (op: 'move-menu' | 'hide-menu', value?: number) =>
            add(op === 'move-menu' ? { op, area: area.id, target, value: value! } : { op, area: area.id, target });
          return (
            <Box component="li" key={target} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ flex: '1 1 120px', minWidth: 0 }}>{name}</Typography>
              <RowButtons
                name={name}
                index={i}
                count={entries.length}
                onRename={() => setRenaming({ target, name })}
                onMove={(to) => change('move-menu', to)}
                onHide={() => change('hide-menu')}
              />
            </Box>
          );
        })}
      </Box>
      {renaming && (
        <RenameForm
          key={renaming.target}
          current={renaming.name}
          onCancel={() => setRenaming(null)}
          onRename={(value) => {
            add({ op: 'rename-menu', area: area.id, target: renaming.target, value });
            setRenaming(null);
          }}
        />
      )}
    </Box>
  );
}
