/**
 * The job's proof for the homeowner and operations: a button that asks for short-lived links
 * (fetched on click, never at page load, so none is made for a page nobody reads) and shows the
 * receipt (the image itself, or a link to the PDF) and the after-photos, with the facility.
 */
import { useRef, useState } from 'react';
import { Failure, secondaryButtonClass } from '../../../components/signed-page/page-parts';
import { callFunction } from '../../../shared/api/call-function';
import { JOB_API_PATHS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import type { ProofUrls } from '#contract/loop/jobs';
import { localDateTime } from '#contract/core/en-us-format';

/** 'Nov 24, 2026, 3:05 PM', in the visitor's own time zone. */
const dateTime = (iso: string) => localDateTime(new Date(iso), { year: true });

export function JobProof({ token }: { token: string }) {
  const [proof, setProof] = useState<ProofUrls>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  async function show() {
    if (busy) return;
    setBusy(true);
    setFailure(undefined);
    const answer = await callFunction<ProofUrls>(JOB_API_PATHS.proof, { token });
    setBusy(false);
    if (answer.ok && answer.body !== undefined) setProof(answer.body);
    else {
      setProof(undefined);
      setFailure(answer.message ?? JOB_MESSAGES.unexpected);
    }
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  const receipt = proof?.receipt;
  const minutes = Math.round((proof?.expiresInSeconds ?? 0) / 60);
  return (
    <div className="mt-4 space-y-4">
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() => void show()}
        disabled={busy}
        aria-busy={busy}
      >
        {busy ? 'Loading…' : JOB_TEXTS.viewReceipt}
      </button>
      <div ref={resultRef} tabIndex={-1} className="outline-none" aria-live="polite">
        {failure === undefined ? null : <Failure message={failure} />}
        {receipt === undefined ? null : (
          <figure className="space-y-3">
            <figcaption className="text-slate-900">
              <span className="font-semibold">Disposal receipt</span> from{' '}
              <span className="font-semibold">{receipt.facility}</span>, {dateTime(receipt.at)}.{' '}
              <span className="text-sm text-slate-700">
                The links work for {minutes} minutes; press the button again for new ones.
              </span>
            </figcaption>
            {receipt.contentType === 'application/pdf' ? (
              <a
                href={receipt.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline"
              >
                {JOB_TEXTS.openReceiptPdf}
              </a>
            ) : (
              <img
                src={receipt.url}
                alt={`Disposal receipt from ${receipt.facility}`}
                referrerPolicy="no-referrer"
                className="h-auto max-h-[80vh] w-auto max-w-full rounded-md border border-slate-300"
              />
            )}
          </figure>
        )}
        {proof === undefined || proof.afterPhotos.length === 0 ? null : (
          <section aria-label="After-photos" className="mt-4">
            <h3 className="font-semibold text-slate-900">After-photos</h3>
            <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {proof.afterPhotos.map((url, i) => (
                <li key={url}>
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    <img
                      src={url}
                      alt={`After-photo ${i + 1}`}
                      referrerPolicy="no-referrer"
                      className="aspect-square w-full rounded-md border border-slate-300 object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
