import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import HelpOutlineOutlinedIcon from '@mui/icons-material/HelpOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { useScreenTour } from '@soloist/renderer';

/**
 * The help menu in the app bar: "Show the tour of this screen" replays the screen's onboarding tour, every step
 * whose target is on the page, done or not (disabled on a screen without one).
 */
export function HelpMenu() {
  const { t } = useTranslation();
  const tour = useScreenTour();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('app.help')}
        title={t('app.help')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'help-menu' : undefined}
        data-tour="help"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <HelpOutlineOutlinedIcon aria-hidden />
      </IconButton>
      <Menu id="help-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        <MenuItem
          disabled={!tour}
          onClick={() => {
            setAnchor(null);
            tour?.replay();
          }}
        >
          {t('app.showTour')}
        </MenuItem>
      </Menu>
    </>
  );
}
