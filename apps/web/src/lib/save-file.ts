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
  // Revoked once the click has handed the bytes to the download, not before.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
