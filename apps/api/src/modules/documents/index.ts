import { documentsContracts } from '@tern/domain';
import { encryptionKey } from '../../lib/encryption.ts';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { documentsJobs } from './jobs.ts';
import { downloadLinks, linkKey } from './links.ts';
import { documentsRepo } from './repo.ts';
import { documentsRoutes } from './routes.ts';
import { documentsService, type DocumentsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The documents area (issue 27): other areas store uploads with it (`store`, `attach`),
     * list them (`find`), remove them, and hand out signed download links (`downloadUrl`).
     */
    documents: DocumentsService;
  }
}

/** Files any area attaches: stored, scanned, served through short-lived signed links. */
export const documentsModule = defineModule(
  'documents',
  ['accounts'],
  (app, { config, db, clock, jobs, storage, scanner }) => {
    const links = downloadLinks(
      linkKey(encryptionKey({ key: config.ENCRYPTION_KEY, dataDir: config.DATA_DIR })),
      clock,
    );
    const documents = documentsService({
      repo: documentsRepo(db),
      storage,
      scanner,
      links,
      clock,
      queueScan: (documentId) => jobs.add(documentsJobs.scan, { documentId }),
    });
    jobs.register(documentsJobs, { documents, log: app.log });
    app.decorate('documents', documents);
    registerContracts(app, documentsContracts, documentsRoutes(documents));
  },
);
