/** The job as operations and haulers read it before pricing: location, extras, description, photos. */
import type { ReactNode } from 'react';
import { telHref } from '#contract/core/contact-links';
import type { JobDetails } from '#contract/loop/quote-loop';

/** The job; the homeowner's contact only when the caller has it to show (operations, the hired hauler). */
export function JobFacts({
  request,
  contact,
  before = [],
}: {
  request: JobDetails;
  contact?: { name: string; phone: string; email: string } | undefined;
  /** Rows the caller puts first (an offer's distance and estimate). */
  before?: ReadonlyArray<[string, ReactNode]>;
}) {
  const link = 'font-semibold text-emerald-800 underline';
  // A phone a tap away: the hauler calls from the page on the way to the job.
  const rows: Array<[string, ReactNode]> = [
    ...before,
    ...(contact === undefined
      ? []
      : ([
          ['Name', contact.name],
          [
            'Phone',
            <a className={link} href={telHref(contact.phone)}>
              {contact.phone}
            </a>,
          ],
          [
            'Email',
            <a className={link} href={`mailto:${contact.email}`}>
              {contact.email}
            </a>,
          ],
        ] as Array<[string, ReactNode]>)),
    ['Location', `${request.city}, ${request.state} ${request.zipCode}`],
    ...request.details.map(({ label, value }): [string, ReactNode] => [label, value]),
  ];
  return (
    <>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600 sm:font-normal">{label}</dt>
            <dd className="mb-2 break-words sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-5 font-semibold text-slate-900">Description</h3>
      <p className="mt-1 whitespace-pre-line break-words text-slate-800">{request.description}</p>
      {request.videoUrl === undefined ? (
        <ul className="mt-4 flex flex-wrap gap-3" aria-label="Photos">
          {request.photoUrls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer">
                <img
                  src={url}
                  alt={`Junk to pick up, ${i + 1} of ${request.photoUrls.length}`}
                  width={144}
                  height={108}
                  loading="lazy"
                  className="h-27 w-36 rounded border border-slate-200 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">
          <a
            className="font-semibold text-emerald-800 underline"
            href={request.videoUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Watch the video
          </a>
        </p>
      )}
    </>
  );
}
