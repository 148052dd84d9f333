import { defineProject } from 'vitest/config';
import { mockingFiles, webProject } from './vitest.config.ts';

/**
 * The web component tests that replace a module with vi.mock, each in modules of its own: a
 * module an earlier file had already loaded would keep the real one. Run by the root config as
 * `web-mocks`.
 */
export default defineProject({
  ...webProject,
  test: { ...webProject.test, name: 'web-mocks', include: mockingFiles },
});
