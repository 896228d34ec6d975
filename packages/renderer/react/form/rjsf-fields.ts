/** rjsf's fields as the browser build registers them (see rjsf-defaults.tsx). */
export { fields as default } from './rjsf-defaults.js';
