/** A part of a multipart/form-data body: a text field, or a file. */
export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type?: string; data: Buffer };

/** A multipart/form-data body as browsers send it, for `app.inject`. */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----fleetclaims${Math.random().toString(16).slice(2)}`;
  const chunks = parts.flatMap((part) =>
    'value' in part
      ? [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
          ),
        ]
      : [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
          ),
          part.data,
          Buffer.from('\r\n'),
        ],
  );
  const payload = Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in one field. */
export function multipartFile(field: string, filename: string, type: string, data: Buffer) {
  return multipartForm([{ name: field, filename, type, data }]);
}
