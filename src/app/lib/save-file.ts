/**
 * Saves a downloaded blob as a file through a temporary link (the browser's own download), under the
 * name the server gave it. The object URL is revoked once the browser has surely taken the file.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
