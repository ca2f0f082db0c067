/** multipart/form-data bodies as a browser's FormData sends them: fields and files, in order. */
export type FormPart = { name: string; value: string } | { name: string; filename: string; type?: string; bytes: Buffer };

export function multipartBody(parts: FormPart[], boundary = `----lt-form-${Math.random().toString(16).slice(2)}`): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    } else {
      const filename = part.filename.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
