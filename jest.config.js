// @ts-check
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages jest must transform.
const esm = [
  '@x0k/json-schema-merge',
  '@tanstack',
  '@casl',
  'ucast',
  '@ucast',
  '@rjsf/validator-ajv8',
  // The calendar (FullCalendar 7) and the Temporal polyfill it needs.
  '@fullcalendar',
  '@full-ui',
  'temporal-polyfill',
  'temporal-utils',
].join('|');

const common = {
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esm})/)`],
  moduleNameMapper: {
    // The renderer package's modules name the `.js` files tsc makes of them; here its TypeScript is read.
    '^(\\.{1,2}/.*)\\.js$': '$1',
    '\\.css$': '<rootDir>/tests/helpers/style-mock.ts',
    // The package's CJS build has no per-file entry for this module; use its ESM file (transformed above).
    '^@rjsf/validator-ajv8/lib/createPrecompiledValidator\\.js$':
      '<rootDir>/node_modules/@rjsf/validator-ajv8/lib/createPrecompiledValidator.js',
    // rjsf's fields and widgets one file each (renderer/react/form/rjsf-defaults): ES modules of a package jest
    // cannot load one by one; the test of that list checks names, so a stand-in component each is enough.
    '^@rjsf/core/lib/components/(fields|widgets)/\\w+\\.js$': '<rootDir>/tests/helpers/rjsf-part-stub.tsx',
  },
};

/** @type {import('jest').Config} */
const config = {
  // jest-circus reads the timeout from the global config only: a project's own `testTimeout` is not applied. A guard
  // against a test that hangs, not a measure: `npm test` runs the API suites and the browser tests side by side on
  // two cores, where a test was measured taking four to five times as long as it does alone (the demo history's
  // seeding, the fuzz).
  testTimeout: 400_000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testEnvironmentOptions: { customExportConditions: ['soloist-source', 'node', 'node-addons'] },
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
    },
    {
      ...common,
      displayName: 'unit-dom',
      testEnvironment: '<rootDir>/tests/helpers/jsdom-environment.ts',
      testEnvironmentOptions: { customExportConditions: ['soloist-source', 'browser'] },
      testMatch: ['<rootDir>/tests/unit/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/dom-setup.ts'],
    },
    // Each test app starts on a copy of the run's migrated template database, which the global setup makes.
    {
      ...common,
      displayName: 'api',
      testEnvironment: 'node',
      testEnvironmentOptions: { customExportConditions: ['soloist-source', 'node', 'node-addons'] },
      testMatch: ['<rootDir>/tests/api/**/*.test.ts'],
      // fastify's search of require.cache for plugin names, which jest's registry makes slow (see the transform).
      transform: {
        '/node_modules/fastify/lib/plugin-utils\\.js$': '<rootDir>/tests/helpers/fastify-plugin-names.js',
        ...common.transform,
      },
      transformIgnorePatterns: [`/node_modules/(?!(${esm})/|fastify/lib/plugin-utils\\.js$)`],
      // The Square SDK, loaded when first used (see the file).
      moduleNameMapper: { ...common.moduleNameMapper, '^square$': '<rootDir>/tests/helpers/lazy-square.js' },
      globalSetup: '<rootDir>/tests/helpers/api-setup.ts',
      globalTeardown: '<rootDir>/tests/helpers/api-teardown.ts',
    },
  ],
};

module.exports = config;
