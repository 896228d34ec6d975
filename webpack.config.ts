import fs from 'node:fs';
import path from 'node:path';
import CompressionPlugin from 'compression-webpack-plugin';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { Resvg } from '@resvg/resvg-js';
import {
  Compilation,
  NormalModuleReplacementPlugin,
  optimize,
  sources,
  type Compiler,
  type Configuration,
} from 'webpack';
import { InjectManifest } from 'workbox-webpack-plugin';

/** An SVG as a data URI, escaping only what a URI cannot hold (smaller than base64, and it compresses). */
const svgDataUri = (svg: string) =>
  `data:image/svg+xml,${svg
    .trim()
    .replace(/"/g, "'")
    .replace(/[#<>%{}|\\^`]/g, (c) => encodeURIComponent(c))}`;

/**
 * The browser build. Content-hashed chunks; each screen kind (list, form, detail, dashboard) and each heavy
 * widget is its own chunk loaded on first use, so /login never downloads the table or a calendar.
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes `chunks.json`: every named chunk group (`screen-form`, `layout-shell`, `widget-booking-start`, the entry
 * `app`) and the files it loads. The server reads it to preload what a page's first screen needs.
 */
class ChunkMapPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('ChunkMapPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ChunkMapPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const map: Record<string, string[]> = {};
          for (const [name, group] of compilation.namedChunkGroups)
            map[name] = group.getFiles().filter((f) => /\.(js|css)$/.test(f));
          compilation.emitAsset('chunks.json', new sources.RawSource(JSON.stringify(map, null, 1)));
        },
      );
    });
  }
}

/** The app's colours: its blue (the icon's, the header's) and the page behind the screens. */
const THEME_COLOUR = '#1565c0';
const BACKGROUND_COLOUR = '#ffffff';

/**
 * The web app manifest (`manifest.webmanifest`) and its PNG icons, drawn from `src/app/favicon.svg` at build time:
 * 192 and 512 px, and a maskable 512 (the same drawing without rounded corners: a phone's launcher cuts its own
 * shape; the letter is inside the safe circle).
 */
class WebAppManifestPlugin {
  apply(compiler: Compiler): void {
    const svg = fs.readFileSync(path.resolve(__dirname, 'src/app/favicon.svg'), 'utf8');
    const png = (source: string, size: number) =>
      new Resvg(source, { fitTo: { mode: 'width', value: size } }).render().asPng();
    compiler.hooks.thisCompilation.tap('WebAppManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'WebAppManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset('icons/icon-192.png', new sources.RawSource(png(svg, 192)));
          compilation.emitAsset('icons/icon-512.png', new sources.RawSource(png(svg, 512)));
          compilation.emitAsset(
            'icons/maskable-512.png',
            new sources.RawSource(png(svg.replace(/ rx="\d+"/, ''), 512)),
          );
          const manifest = {
            id: '/dashboard',
            name: 'Soloist',
            short_name: 'Soloist',
            description: 'Clients, calendar, bookings and payments for self-employed service providers.',
            start_url: '/dashboard',
            scope: '/',
            display: 'standalone',
            orientation: 'any',
            theme_color: THEME_COLOUR,
            background_color: BACKGROUND_COLOUR,
            icons: [
              { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
              { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
              { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
            ],
          };
          compilation.emitAsset('manifest.webmanifest', new sources.RawSource(JSON.stringify(manifest, null, 1)));
          // Spec §2: the version file the app polls; a new build has a new hash (never precached: always asked).
          compilation.emitAsset('version.json', new sources.RawSource(JSON.stringify({ hash: compilation.hash })));
        },
      );
    });
  }
}

export default (_env: unknown, argv: { mode?: Configuration['mode'] }): Configuration[] => {
  const browser = browserBuild(argv.mode !== 'development');
  return [browser, firstPaintBuild(browser)];
};

/**
 * The server's first paint of a guest's page (src/app/first-paint.tsx): the same app built for Node, one file the
 * web plugin loads (`dist/web-render`, beside the browser's files and never served). Its styles are emotion's, inline.
 */
function firstPaintBuild(browser: Configuration): Configuration {
  return {
    mode: browser.mode,
    target: 'node20',
    entry: { 'first-paint': './src/app/first-paint.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/web-render'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    devtool: false,
    resolve: browser.resolve,
    module: browser.module,
    plugins: [
      ...(browser.plugins ?? []).filter(
        (p) => p instanceof NormalModuleReplacementPlugin || p instanceof MiniCssExtractPlugin,
      ),
      // One file: the lazily loaded screens and widgets are in it, as the server renders them at once.
      new optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
  };
}

function browserBuild(production: boolean): Configuration {
  return {
    mode: production ? 'production' : 'development',
    entry: { app: './src/app/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
      // Spec §8: a chunk that has not loaded after 120 seconds fails (the app's root then offers a reload).
      chunkLoadTimeout: 120_000,
    },
    devtool: production ? 'source-map' : 'cheap-module-source-map', // never eval: the CSP forbids it
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      // The renderer package from its sources (its `exports` name them under this condition), whose imports name the
      // `.js` files tsc makes of them.
      conditionNames: ['soloist-source', '...'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // Measured: the markdown renderer rjsf imports is ~30 KB gzip on every form page, and no schema uses it.
      alias: { 'markdown-to-jsx/react$': '@soloist/renderer/size/plain-markdown' },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // react-router's components and contexts, marked pure: the parts the app does not use are left out (~6 KB gzip).
        {
          test: /[\\/]react-router[\\/]dist[\\/].*\.mjs$/,
          use: path.resolve(__dirname, 'scripts/webpack-pure-react-router.cjs'),
        },
        {
          // rjsf's $ref lookup needs only resolve and equal from fast-uri (~21 KB minified on every form page).
          test: /[\\/]@rjsf[\\/]utils[\\/]/,
          resolve: { alias: { 'fast-uri$': '@soloist/renderer/size/uri-references' } },
        },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './src/app/index.html',
        // The icon rides in the page (a data URI, allowed by img-src data:): one request and its headers fewer on
        // a phone's first visit.
        templateParameters: {
          favicon: svgDataUri(fs.readFileSync(path.resolve(__dirname, 'src/app/favicon.svg'), 'utf8')),
        },
        scriptLoading: 'defer',
      }),
      // rjsf's default fields and widgets: what our forms draw at once, the rest on first use (rjsf-defaults.tsx).
      new NormalModuleReplacementPlugin(/^\.\/components\/(fields|widgets)\/index\.js$/, (resource) => {
        if (!/[\\/]@rjsf[\\/]core[\\/]lib$/.test(resource.context)) return;
        const kind = resource.request.includes('/fields/') ? 'fields' : 'widgets';
        resource.request = `@soloist/renderer/size/rjsf-${kind}`;
      }),
      // MUI's CSS-variables theme, which a plain theme never reaches, out of every page (src/app/mui-without-css-vars.ts).
      new NormalModuleReplacementPlugin(/^\.\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/, (resource) => {
        if (!/[\\/]@mui[\\/]material[\\/]styles$/.test(resource.context)) return;
        resource.request = path.resolve(__dirname, 'src/app/mui-without-css-vars.ts');
      }),
      new ChunkMapPlugin(),
      new WebAppManifestPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
      // Every text asset (the page too) gets a brotli and a gzip twin at build time; the server sends the one the
      // browser accepts (@fastify/static preCompressed), so no request pays for compression. Defaults: brotli
      // quality 11, gzip level 9.
      ...(production
        ? [
            new CompressionPlugin({
              test: COMPRESSIBLE,
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              threshold: 0,
              minRatio: 1,
            }),
            new CompressionPlugin({
              test: COMPRESSIBLE,
              filename: '[path][base].gz',
              algorithm: 'gzip',
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : []),
      // The service worker (src/app/sw): Workbox puts the list of the build's files (the shell, every chunk, the icons)
      // into it. Not the maps nor the compressed twins: the browser asks for the plain names.
      ...(production
        ? [
            new InjectManifest({
              swSrc: './src/app/sw/service-worker.ts',
              swDest: 'sw.js',
              exclude: [/\.map$/, /\.br$/, /\.gz$/, /^chunks\.json$/, /^version\.json$/, /\.LICENSE\.txt$/],
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            }),
          ]
        : []),
    ],
    optimization: {
      minimize: production,
      minimizer: [
        // Scripts through swc; the stylesheets through esbuild (they shipped with their comments and indents).
        new MinimizerPlugin({
          test: /\.(?:js|css)$/i,
          minify: [
            { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } },
            { implementation: MinimizerPlugin.esbuildMinifyCss },
          ],
        }),
      ],
      splitChunks: { chunks: 'all' },
      // In development chunk files say what they hold (`vendors-node_modules_mui_material_…`); in production the
      // chunks split off by size are numbers (their long names were ~1.4 KB gzip of every page's runtime and
      // loaders), and those named in an import (`screen-form`, `widget-booking-start`) keep their names.
      chunkIds: production ? 'deterministic' : 'named',
      runtimeChunk: 'single',
    },
    performance: { hints: false },
  };
}
