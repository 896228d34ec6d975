/** rjsf's widgets as the browser build registers them (see rjsf-defaults.tsx). */
export { widgets as default } from './rjsf-defaults.js';
