/**
 * String formats the schemas may use, as regular expressions on purpose: ajv inlines a RegExp format into
 * standalone validator code, so the browser's precompiled validators need no runtime library and no eval.
 */
export const FORMATS: Record<string, RegExp> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  tel: /^\+?[0-9 ()\-.]{5,32}$/,
  date: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
  uri: /^(https?:\/\/|\/)[^\s]*$/,
  color: /^#[0-9a-fA-F]{6}$/,
};
