import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * The frame's script, bundled from `frame/frame.ts` by esbuild the first time it is asked for and
 * kept in memory: the API runs from its sources (tsx, which brings esbuild), so there is no
 * build output to ship or keep in step with the code, and a bundle of a few kilobytes takes
 * some tens of milliseconds once per process. No React, no zod: card-validator and the
 * frame's own code (frame-bundle.test.ts holds it under its size budget).
 */
export interface FrameBundle {
  code: string;
  /** A hash of the code: the page's script address carries it, so browsers may keep it. */
  version: string;
}

const ENTRY = fileURLToPath(new URL('../frame/frame.ts', import.meta.url));

async function bundle(): Promise<FrameBundle> {
  const result = await build({
    entryPoints: [ENTRY],
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

let bundled: Promise<FrameBundle> | undefined;

/** The bundle, made once per process (a failed build is tried again on the next call). */
export function frameBundle(): Promise<FrameBundle> {
  bundled ??= bundle().catch((error: unknown) => {
    bundled = undefined;
    throw error;
  });
  return bundled;
}
