/**
 * React Router's default Node entry, used here only to pre-render pages at build time (ssr: false),
 * with one change: React may not outline large Suspense boundaries. By default React streams a
 * boundary whose HTML exceeds `progressiveChunkSize` (12.8 KB) out of order, at the end of the
 * document, and moves it into place with a script: for the quote form that is a layout shift on
 * every load, and no form at all without JavaScript. A static page gains nothing from streaming.
 * It also tells the root whether it renders React Router's SPA fallback (`SpaFallbackContext`).
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { SpaFallbackContext } from './shared/hydration/page-hydration';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <SpaFallbackContext value={routerContext.isSpaMode}>
        <ServerRouter context={routerContext} url={request.url} />
      </SpaFallbackContext>,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // Pre-rendering: wait for everything, then write the page in document order.
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
