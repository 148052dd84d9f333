/** How much of an upload has been sent: bytes so far, of the whole body. */
export type UploadProgress = (sent: number, total: number) => void;

/** Sends one `multipart/form-data` POST: the transport under `HttpClient.upload`. */
export type SendUpload = (
  url: string,
  init: {
    headers: Record<string, string>;
    body: FormData;
    signal?: AbortSignal;
    onProgress?: UploadProgress | undefined;
  },
) => Promise<Response>;

/** Through a `fetch` (tests, the server render): no progress until the answer, then all of it. */
export const fetchUpload =
  (send: typeof fetch): SendUpload =>
  async (url, { headers, body, signal, onProgress }) => {
    const response = await send(url, {
      method: 'POST',
      headers,
      body,
      ...(signal ? { signal } : {}),
    });
    const file = body.get('file');
    const size = file instanceof Blob ? file.size : 0;
    onProgress?.(size, size);
    return response;
  };

/** A status `Response` can carry a body with (not 101, 204, 205, 304). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Through XMLHttpRequest: fetch cannot report an upload's progress in every browser, and a
 * photo from a phone on a slow connection takes long enough that the customer must see it
 * move. The answer becomes a `Response`, so the client reads it as any other; a network
 * failure rejects like fetch (TypeError), an abort like fetch (AbortError).
 */
export const xhrUpload: SendUpload = (url, { headers, body, signal, onProgress }) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const aborted = () => reject(new DOMException('The upload was aborted.', 'AbortError'));
    if (signal?.aborted) return aborted();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.open('POST', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () =>
      resolve(
        new Response(NO_BODY.has(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: { 'Content-Type': xhr.getResponseHeader('Content-Type') ?? 'application/json' },
        }),
      ),
    );
    xhr.addEventListener('error', () => reject(new TypeError('The upload failed.')));
    xhr.addEventListener('abort', aborted);
    xhr.send(body);
  });
