import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { defineJobs } from '../../jobs.ts';
import type { DocumentsService } from './service.ts';

interface Deps {
  documents: DocumentsService;
  log: FastifyBaseLogger;
}

/** The documents area's background work: scanning uploads, removing those never attached. */
export const documentsJobs = defineJobs('documents', {
  scan: {
    description:
      'scan a stored upload for malware: clean files are served, infected ones quarantined and their bytes deleted',
    payload: z.object({ documentId: z.uuid() }),
    // A scanner that is down is retried with backoff; the file stays unserved meanwhile.
    maxAttempts: 10,
    run: ({ documentId }, { documents }: Deps) => documents.scan(documentId),
  },
  removeOrphans: {
    description: 'delete uploads no area attached within a day: their bytes, then their rows',
    payload: z.object({}),
    schedule: '17 * * * *',
    maxAttempts: 1,
    run: async (_job, { documents, log }: Deps) => {
      log.info({ removed: await documents.removeOrphans() }, 'orphaned uploads removed');
    },
  },
});
