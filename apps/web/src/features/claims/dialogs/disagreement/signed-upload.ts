import { ApiRequestError } from '../../../../lib/api-request-error.ts';

const textField = (body: unknown, name: string): string | undefined => {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
};

/** A refusal's body as the API writes errors (`{code, message}`), as far as it can be read. */
function refusal(xhr: XMLHttpRequest): ApiRequestError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  return new ApiRequestError({
    status: xhr.status,
    code: textField(body, 'code'),
    message: textField(body, 'message') ?? xhr.statusText,
  });
}

/**
 * PUTs a file's bytes to a signed upload URL (`documents/stream-url`), telling the bytes sent
 * as they go: through XMLHttpRequest, the one browser API that reports an upload's progress,
 * and a 25 MB file on a phone takes long enough that the customer must see it move. The URL
 * is the permission: no api-key, no bearer token. A refusal (413 too large, 415 not a PDF or
 * an image, 403 a link expired or used) rejects as an ApiRequestError with its code; a
 * network failure as one with status 0, like every call of the portal.
 */
export function putToSignedUrl(
  url: string,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    if (file.type) xhr.setRequestHeader('Content-Type', file.type);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () =>
      xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(refusal(xhr)),
    );
    xhr.addEventListener('error', () =>
      reject(
        new ApiRequestError({ status: 0, message: '', cause: new TypeError('upload failed') }),
      ),
    );
    xhr.send(file);
  });
}
