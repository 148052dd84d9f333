import { contentContracts } from '@tern/domain';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { contentRepo } from './repo.ts';
import { contentRoutes } from './routes.ts';
import { contentService } from './service.ts';

export { contentRepo } from './repo.ts';
export { ContentImportError } from './import.ts';

/** Help content (spec 1 §7 "Content"): documents, questions and plan articles per bundle. */
export const contentModule = defineModule('content', ['partners'], (app, { db, clock }) => {
  registerContracts(
    app,
    contentContracts,
    contentRoutes(contentService({ repo: contentRepo(db), clock })),
  );
});
