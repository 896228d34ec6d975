import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '**/dist/**',
      '**/node_modules/**',
      'node_modules/**',
      'data/**',
      'src/domain/generated/**',
      'test-results/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        document: 'readonly',
        window: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // The production tree never loads the development world (the local stand-ins, the launcher): dev/README.md.
    files: ['src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/dev/**', '**/dev'], message: 'src/ imports nothing from dev/.' },
            {
              group: ['**/packages/renderer', '**/packages/renderer/**'],
              message: 'Import the renderer by its name, @soloist/renderer (its exports), not by path.',
            },
          ],
        },
      ],
    },
  },
  {
    // The product uses the renderer like any other host: by its package name, through its `exports`.
    files: ['dev/**', 'scripts/**', 'permissions/**', 'schemas/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/packages/renderer', '**/packages/renderer/**'],
              message: 'Import the renderer by its name, @soloist/renderer (its exports), not by path.',
            },
          ],
        },
      ],
    },
  },
  {
    // A test's other contexts come from the `newContext` fixture (tests/e2e/fixtures.ts), which keeps the rule every
    // context follows (tours done unless a test asks for them live) and closes them.
    files: ['tests/e2e/**'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='browser'][property.name='newContext']",
          message: 'Use the newContext fixture from ./fixtures, not browser.newContext().',
        },
      ],
    },
  },
  {
    // The renderer is a platform: it must never reach into the product.
    files: ['packages/renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/schemas/**', '**/permissions/**'],
              message: 'The renderer package imports nothing from src/, schemas/ or permissions/.',
            },
            {
              group: ['@soloist/renderer', '@soloist/renderer/*'],
              message: 'Inside the renderer package, import its own modules by relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    // Widgets reach the server through the renderer's data provider, by resource and by named call
    // (schemas/calls.json), never by an address of their own.
    files: ['src/widgets/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/\\/api\\//]',
          message:
            'No API path in a widget: use the data provider (useList, useOne, useCall, useMutation) by resource or a named call.',
        },
        {
          selector: 'TemplateElement[value.raw=/\\/api\\//]',
          message:
            'No API path in a widget: use the data provider (useList, useOne, useCall, useMutation) by resource or a named call.',
        },
      ],
    },
  },
);
