// @ts-check
/**
 * A jest transform of one file of fastify's (the api project's jest config applies it). fastify names every plugin it
 * registers; for a plugin without a name of its own it walks `require.cache` looking for a module whose exports are
 * the plugin. Under jest `require.cache` is a proxy over the test file's whole module registry, every key read
 * through it, so each of the app's hundred-odd unnamed route plugins costs a walk of thousands of modules: about
 * 0.4 s of every test app's start. The walk cannot succeed here anyway (jest's CommonJS modules export an object,
 * never a route function itself), so it is skipped, as fastify skips it wherever there is no `require.cache`, and
 * the plugin takes its function's name, which is what the walk falls back to.
 */
const READ = 'const cache = require.cache';

module.exports = {
  /** @param {string} src @param {string} filename */
  process(src, filename) {
    if (!src.includes(READ)) throw new Error(`${filename} no longer reads require.cache as this transform expects`);
    return { code: src.replace(READ, 'const cache = undefined') };
  },
};
