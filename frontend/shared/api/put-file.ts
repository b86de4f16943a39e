/** A PUT to a presigned URL failed; `reason` is what the visitor sees after 'Failed to upload photo n:'. */
export class UploadError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UploadError';
  }
}

/** S3 explains a refusal in an XML body: `<Error><Code>…</Code><Message>…</Message></Error>`. */
export function uploadFailureReason(status: number, responseText: string): string {
  const message = /<Message>([^<]*)<\/Message>/.exec(responseText)?.[1]?.trim();
  if (status === 0) return 'the connection was lost';
  if (status === 412) return 'a file with the same name already exists';
  return message ? `${message} (HTTP ${status})` : `the server answered HTTP ${status}`;
}

/**
 * PUTs a file to a presigned URL with the signed headers, reporting bytes sent as it goes
 * (XMLHttpRequest, because fetch has no upload progress). Content-Length is set by the browser.
 */
export function putFile(
  url: string,
  headers: Record<string, string>,
  body: Blob,
  options: { onProgress?: (sentBytes: number) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => options.onProgress?.(event.loaded));
    xhr.addEventListener('load', () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(body.size);
        resolve();
      } else {
        reject(new UploadError(uploadFailureReason(xhr.status, xhr.responseText)));
      }
    });
    xhr.addEventListener('error', () => reject(new UploadError('the connection was lost')));
    xhr.addEventListener('timeout', () => reject(new UploadError('the upload timed out')));
    xhr.addEventListener('abort', () => reject(new UploadError('the upload was cancelled')));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
