import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import subsetFont from 'subset-font';
import { FONT_WEIGHT_RANGE } from '../../packages/domain/src/partners/fonts.ts';

/** The API (apps/api) serves `/api`, the theme images under `/assets` and the runtime configuration. */
const API_ORIGIN = 'http://localhost:3000';

/**
 * Vendor code is split by library so a release that only changes Tern's own code leaves the
 * big vendor files cached. `entriesAware` keeps a library's lazily used parts (MUI's
 * Autocomplete, react-hook-form) out of the chunk the first page loads; what a phone receives
 * on a first visit is measured by `npm run bench -- --only lighthouse`.
 */
const vendor = (name: string, packages: string[], { merge = true } = {}) => ({
  name,
  test: new RegExp(`[\\\\/]node_modules[\\\\/](${packages.join('|')})[\\\\/]`),
  entriesAware: true,
  // Parts smaller than this merge into a neighbour: each file a phone asks for costs a round
  // trip, and HTTP/1.1 asks six at a time (measured: 68 requests on the landing page before,
  // 34 after; Lighthouse's LCP 4.3 s → 3.6 s). Not for the libraries the first page must not
  // download (zod, the form libraries, the phone metadata): a merge could pull them in.
  entriesAwareMergeThreshold: merge ? 20 * 1024 : 0,
});

/**
 * The start-up script (`src/app/main.tsx`) is small and imports the render (React, MUI,
 * i18next) dynamically, so it runs, and asks for the texts, before those arrive; index.html
 * still preloads the render's chunks so they download from the start, beside it. A page the
 * API sends rendered (the landing page) goes out without these preloads, and its start-up
 * script asks for the rest once the page is painted (apps/api/src/web/routes.ts).
 */
function preloadFromPage(module: string): Plugin {
  return {
    name: 'tern-preload-from-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const root = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!root) throw new Error(`preloadFromPage: no chunk for ${module}`);
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.find((c) => c.fileName === file)?.imports ?? [])
            visit(imported);
        };
        visit(root.fileName);
        return [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

/**
 * The bundled typefaces subset to the scripts the portal's languages are written in: Latin
 * and Latin Extended (Turkish). A character of another block (an arrow, a Greek letter, a
 * symbol) takes the system font instead of a file of its own (the dashboard's one "→" cost
 * 53 KB of Open Sans' mathematical symbols, and 28 KB more for its symbols).
 */
function latinFontsOnly(): Plugin {
  // Also as text (`?inline`), which the server's page carries (src/app/theme/font-faces.ts).
  const stylesheet = /@fontsource-variable[\\/][^\\/]+[\\/]index\.css(\?inline)?$/;
  return {
    name: 'tern-latin-fonts-only',
    enforce: 'pre',
    transform(code, id) {
      if (!stylesheet.test(id)) return null;
      const faces = code.split(/(?=\/\* )/);
      return faces
        .filter((face) => /-latin(-ext)?-wght-normal\.woff2/.test(face))
        .join('')
        .replace(
          /font-weight:\s*\d+\s+\d+/g,
          `font-weight: ${FONT_WEIGHT_RANGE.min} ${FONT_WEIGHT_RANGE.max}`,
        );
    },
  };
}

/**
 * The bundled variable fonts' weight axis cut to the weights the portal uses
 * (`FONT_WEIGHT_RANGE`, which `latinFontsOnly` also writes into their `@font-face` rules):
 * Montserrat's Latin file 38 → 35 KB, Open Sans' 48 → 29 KB. Done on the files as built, so
 * their names stay those the server's build (which emits no files) writes into its page.
 */
function fontWeightsUsed(): Plugin {
  const EVERY_CHARACTER = Array.from({ length: 0xffff - 0x20 }, (_, i) => i + 0x20)
    .filter((code) => code < 0xd800 || code > 0xdfff)
    .map((code) => String.fromCodePoint(code))
    .join('');
  return {
    name: 'tern-font-weights-used',
    apply: 'build',
    async generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !/-wght-normal-[\w-]+\.woff2$/.test(file.fileName)) continue;
        const source = Buffer.from(file.source as Uint8Array);
        // Every character the file maps keeps (its stylesheet's unicode-range is unchanged);
        // glyphs no character or default feature reaches go.
        file.source = await subsetFont(source, EVERY_CHARACTER, {
          targetFormat: 'woff2',
          variationAxes: { wght: { ...FONT_WEIGHT_RANGE } },
        });
      }
    },
  };
}

/**
 * The server's build (`vite build --ssr src/app/entry-server.tsx`, into dist-server): the
 * entry the API imports to send the landing page rendered. One file with every library in it, so
 * it runs wherever the API does, whatever node_modules holds there.
 */
const serverBuild = defineConfig({
  plugins: [react(), latinFontsOnly()],
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node24',
    // The fonts' and images' files are the browser build's (same content, same names).
    copyPublicDir: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

const browserBuild = defineConfig({
  plugins: [
    react(),
    preloadFromPage('/src/app/render.tsx'),
    latinFontsOnly(),
    fontWeightsUsed(),
    // Every built text file also as .br and .gz, at the strongest settings (once, at build
    // time): the API serves them as the browser accepts (`@fastify/static` preCompressed).
    // Not index.html: the API writes the runtime configuration into it per host and
    // compresses that answer as it sends it. Not sw.js either: 3 KB, fetched by the browser
    // once a day at most, and a file beside it would be one more route of its own.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.html$/, /(^|\/)sw\.js$/],
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/assets': API_ORIGIN,
      '/runtime-config.json': API_ORIGIN,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Entries-aware groups are named after every chunk that shares them; the hash suffices.
        chunkFileNames: (chunk) => `assets/${chunk.name.split('~')[0]}-[hash].js`,
        codeSplitting: {
          // The same for the small common chunks of Tern's own code (a few KB each): copied
          // into the chunks that use them rather than asked for one by one.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
          groups: [
            // React itself (a few KB) apart from react-dom: the start-up script's stores use
            // its hooks, and must not bring react-dom into the page before its first paint.
            vendor('react-core', ['react'], { merge: false }),
            vendor('react', [
              'react-dom',
              'scheduler',
              'react-router',
              'cookie',
              'set-cookie-parser',
            ]),
            vendor('mui', [
              '@mui',
              '@emotion',
              '@babel[\\\\/]runtime',
              'react-transition-group',
              'stylis',
              'hoist-non-react-statics',
              'react-is',
              'prop-types',
              'clsx',
              '@popperjs',
            ]),
            vendor('i18n', ['i18next', 'react-i18next', 'html-parse-stringify', 'void-elements']),
            vendor('query', ['@tanstack']),
            // The zod resolver travels with zod: a form paints without either (the sign-in
            // card of the first page) and fetches them with its first check.
            vendor('zod', ['zod', '@hookform'], { merge: false }),
            vendor('forms', ['react-hook-form', 'react-number-format'], { merge: false }),
            vendor('phone', ['libphonenumber-js'], { merge: false }),
          ],
        },
      },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverBuild : browserBuild));
