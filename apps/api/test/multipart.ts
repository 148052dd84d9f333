/** One part of a multipart body: a form field, or a file when it has a file name. */
export interface Part {
  name: string;
  filename?: string;
  /** The type the client declares for a file (never trusted by the API). */
  type?: string;
  data: Buffer | string;
}

/** A `multipart/form-data` body and its headers, for `app.inject` (uploads). */
export function multipartBody(parts: Part[]) {
  const boundary = 'tern-test-boundary-7d1e';
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${
        part.filename !== undefined
          ? `; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
          : ''
      }\r\n\r\n`,
    ),
    Buffer.from(part.data),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
