import { createHash } from 'node:crypto';
import { build } from 'esbuild';

/**
 * A small browser script bundled from its TypeScript source by esbuild the first time it is
 * asked for, and kept in memory: the API runs from its sources (tsx, which brings esbuild), so
 * there is no build output to ship or keep in step with the code, and a bundle of a few
 * kilobytes takes some tens of milliseconds once per process. For the scripts that run on
 * other origins' pages or frames (the card vault's frame, the widget's embed script): no React,
 * no zod, each held under its size budget by its test.
 */
export interface BrowserBundle {
  code: string;
  /** A hash of the code: an address carrying it may be kept by browsers for good. */
  version: string;
}

async function bundle(entry: string): Promise<BrowserBundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // As the portal's own build (apps/web/vite.config.ts).
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  return { code, version: createHash('sha256').update(code).digest('base64url').slice(0, 16) };
}

/** The bundle of `entry` (a file path), made once per process; a failed build is tried again. */
export function browserBundle(entry: string): () => Promise<BrowserBundle> {
  let bundled: Promise<BrowserBundle> | undefined;
  return () => {
    bundled ??= bundle(entry).catch((error: unknown) => {
      bundled = undefined;
      throw error;
    });
    return bundled;
  };
}
