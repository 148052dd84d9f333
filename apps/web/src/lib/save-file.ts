/**
 * Saves a file fetched with the API's headers (a bearer token a plain link cannot send): a
 * temporary link to an object URL of its bytes, clicked, then let go.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Let go well after the click: Safari on iOS reads the bytes on a later task, and a URL
  // revoked at once fails its download (as FileSaver.js does, 40 s).
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}
