import type { documentsContracts } from '@tern/domain';
import type { Handlers } from '../../plugins/contracts.ts';
import type { DocumentsService } from './service.ts';

/** `filename*` of RFC 6266/8187: any name, percent-encoded as UTF-8 (no quoting to escape). */
const encodedName = (name: string) =>
  encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

export const documentsRoutes = (
  documents: DocumentsService,
): Handlers<typeof documentsContracts> => ({
  streamUrl: (request) => documents.streamUrl(request.caller, request.query.documentName),
  upload: (request) => documents.upload(request.params.documentId, request.query, request.upload),
  content: async (request, reply) => {
    const file = await documents.content(request.params.documentId, request.query);
    // A PDF is saved, never rendered in the API's origin; images are shown. No file may run
    // script or be read as another type, and no shared cache keeps it.
    const disposition = file.contentType === 'application/pdf' ? 'attachment' : 'inline';
    void reply
      .type(file.contentType)
      .header('content-disposition', `${disposition}; filename*=UTF-8''${encodedName(file.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', `private, max-age=${file.maxAge}`);
    return file.body as never;
  },
});
