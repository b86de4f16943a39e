import type { IncomingMessage } from 'node:http';

/** Past this, a body is not drained but cut: a script sending without end costs nothing more. */
export const DRAIN_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The request body, or null when it is over `limit`. An over-cap body is still read to its end
 * (and thrown away) so that the 413 reaches the client: answering while it is still sending
 * resets the connection, and the client sees a network error instead of the answer.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > DRAIN_LIMIT_BYTES) {
      req.destroy();
      return null;
    }
    if (size <= limit) chunks.push(chunk as Buffer);
  }
  return size > limit ? null : Buffer.concat(chunks);
}
