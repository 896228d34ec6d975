/**
 * A webpack loader for react-router's bundled files (7.x, `dist/…/*.mjs`), so a host that uses a few of its parts
 * ships only those. Its build creates components and contexts at the top level (`var Link = React10.forwardRef(…)`)
 * without a `/* @__PURE__ *\/` mark and then names them (`Link.displayName = "Link"`): both read as side effects, so
 * webpack and the minifier keep every one — Form, NavLink, Await, the data routers' parts — whether used or not
 * (measured: ~6.5 KB gzip on every page of the app). This marks those calls pure and drops the names, which only
 * React's developer tools read. tests/unit/scripts/pure-react-router.test.ts holds it to the installed version.
 *
 * @example { test: /[\\/]react-router[\\/]dist[\\/].*\.mjs$/, use: require.resolve('./scripts/webpack-pure-react-router.cjs') }
 */
const CREATED = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
const NAMED = /^\w+\.displayName = "[^"\n]*";$/gm;

function pureReactRouter(source) {
  return source.replace(CREATED, '$1/* @__PURE__ */ $2').replace(NAMED, '');
}

module.exports = pureReactRouter;
module.exports.pureReactRouter = pureReactRouter;
