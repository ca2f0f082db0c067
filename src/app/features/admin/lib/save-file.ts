/** Saves a downloaded blob under its name through a temporary link (the browser's own download). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the file.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
