/** Stylesheets are imported for their side effect; the bundler extracts them. */
declare module '*.css';
