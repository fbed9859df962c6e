/** The file part and the `purpose` field of a `multipart/form-data` upload (OpenAI's `POST /v1/files`). */
export interface MultipartFile {
  content: string;
  purpose: string;
  filename: string;
}

/**
 * Reads the `file` part (its text and `filename`) and the `purpose` field of a multipart body whose boundary is
 * named in `contentType`; absent parts give `''`. Throws when `contentType` names no boundary.
 */
export function multipartFile(raw: string, contentType: string): MultipartFile {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/u.exec(contentType);
  if (!boundary) throw new Error(`no multipart boundary in ${contentType}`);
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const file: MultipartFile = { content: '', purpose: '', filename: '' };
  for (const part of raw.split(delimiter).slice(1, -1)) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split);
    const body = part.slice(split + 4).replace(/\r\n$/u, '');
    const name = /name="([^"]+)"/u.exec(head)?.[1];
    if (name === 'file') {
      file.content = body;
      file.filename = /filename="([^"]*)"/u.exec(head)?.[1] ?? '';
    } else if (name === 'purpose') {
      file.purpose = body;
    }
  }
  return file;
}
