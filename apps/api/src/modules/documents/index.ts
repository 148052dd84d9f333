import { DOWNLOAD_URL_TTL_MS, UPLOAD_URL_TTL_MS, documentsContracts } from '@tern/domain';
import { encryptionKey } from '../../lib/encryption.ts';
import { registerContracts } from '../../plugins/contracts.ts';
import { defineModule } from '../../platform.ts';
import { documentsJobs } from './jobs.ts';
import { linkKey, signedLinks } from './links.ts';
import { documentsRepo } from './repo.ts';
import { documentsRoutes } from './routes.ts';
import { documentsService, type DocumentsService } from './service.ts';

export type { DocumentsService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The documents area (issues 27, 28): other areas store uploads with it (`store`,
     * `attach`), list them (`find`), remove them, hand out signed download links
     * (`downloadUrl`), and hear scan verdicts (`subscribe`); its own routes hand out signed
     * upload URLs and take their bytes.
     */
    documents: DocumentsService;
  }
}

/** Files any area attaches: stored, scanned, served through short-lived signed links. */
export const documentsModule = defineModule(
  'documents',
  ['accounts'],
  (app, { config, db, clock, jobs, storage, scanner }) => {
    const installationKey = encryptionKey({ key: config.ENCRYPTION_KEY, dataDir: config.DATA_DIR });
    const documents = documentsService({
      repo: documentsRepo(db),
      storage,
      scanner,
      links: {
        download: signedLinks(linkKey(installationKey, 'download'), clock, DOWNLOAD_URL_TTL_MS),
        upload: signedLinks(linkKey(installationKey, 'upload'), clock, UPLOAD_URL_TTL_MS),
      },
      clock,
      scanning: (documentId) => jobs.addition(documentsJobs.scan, { documentId }),
      log: app.log,
    });
    jobs.register(documentsJobs, { documents, log: app.log });
    app.decorate('documents', documents);
    registerContracts(app, documentsContracts, documentsRoutes(documents));
  },
);
