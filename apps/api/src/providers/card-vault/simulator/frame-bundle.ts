import { fileURLToPath } from 'node:url';
import { browserBundle } from '../../../lib/browser-bundle.ts';

/** The frame's script, bundled from `frame/frame.ts`: card-validator and the frame's own code. */
export const frameBundle = browserBundle(
  fileURLToPath(new URL('../frame/frame.ts', import.meta.url)),
);
