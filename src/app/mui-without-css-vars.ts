/**
 * Stands in for MUI's CSS-variables theme (`createThemeWithVars`, `ThemeProviderWithVars`) in the browser build
 * (webpack.config.ts). The app's theme (./theme.ts) is a plain one — no `cssVariables`, no `colorSchemes` — so MUI
 * never reaches that code, yet every page carried it (~4 KB compressed, with the colour-scheme storage it pulls in).
 * Should a theme ever ask for CSS variables, these say so instead of drawing wrongly.
 */
const notBuilt = (what: string) => (): never => {
  throw new Error(`${what}: MUI's CSS-variables theme is left out of this build (src/app/mui-without-css-vars.ts)`);
};

export default notBuilt('createTheme({ cssVariables })');
export const createGetCssVar = notBuilt('createGetCssVar');
export const CssVarsProvider = notBuilt('CssVarsProvider');
export const Experimental_CssVarsProvider = CssVarsProvider;
export const useColorScheme = notBuilt('useColorScheme');
export const getInitColorSchemeScript = notBuilt('getInitColorSchemeScript');
