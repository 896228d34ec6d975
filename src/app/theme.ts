import { createTheme } from '@mui/material/styles';

/** A user who asks their system for less motion gets none: no fades, grows, slides or ripples (WCAG 2.3.3). */
const reducedMotion =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** MUI theme with the spec's breakpoints (§9: sm 544, md 768, lg 992, xl 1200). */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 544, md: 768, lg: 992, xl: 1200 } },
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#7b1fa2' },
    background: { default: '#f5f7fa' },
    // Text on a coloured chip or button is dark wherever white would read below WCAG AA's 4.5:1 (warning, info).
    contrastThreshold: 4.5,
  },
  shape: { borderRadius: 8 },
  ...(reducedMotion ? { transitions: { create: () => 'none' } } : {}),
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    ...(reducedMotion ? { MuiButtonBase: { defaultProps: { disableRipple: true } } } : {}),
    // MUI's toggle text (action.active, 54 % black) falls below 4.5:1 on the page's grey: the secondary text colour
    // (60 %) reads on both the grey and white.
    MuiToggleButton: { styleOverrides: { root: ({ theme }) => ({ color: theme.palette.text.secondary }) } },
  },
});
