// @ts-check
/**
 * The `square` package for the api project (jest.config.js maps the name here), loaded when it is first used. The
 * Square SDK is some 3,600 modules; the app imports it at start, and jest loads every module anew for each test file,
 * so loading it up front costs about a second of every file, though few of them ever call Square. Everything the
 * package exports is read through this object, from the real package once it is loaded.
 */
/** @type {Record<string | symbol, unknown> | undefined} */
let real;
const load = () => (real ??= require('../../node_modules/square/index.js'));

module.exports = new Proxy(
  {},
  {
    get: (_, key) => load()[key],
    has: (_, key) => key in load(),
    ownKeys: () => Reflect.ownKeys(load()),
    getOwnPropertyDescriptor: (_, key) => {
      const found = Object.getOwnPropertyDescriptor(load(), key);
      return found && { ...found, configurable: true };
    },
  },
);
