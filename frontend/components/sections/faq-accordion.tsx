import { useId } from 'react';
import type { Faq } from '../../content/types';
import { Section } from './section';
import { ChevronDownIcon } from '../icons/chevron-down';
import { closeOtherAnswers } from './close-other-answers';

/**
 * An FAQ as native <details> elements sharing one `name`: the browser keeps one open at a time
 * and every answer is in the HTML, readable and indexable without JavaScript
 * (docs/decisions/004-native-details-accordion.md). The toggle handler enforces the same rule in
 * browsers that predate exclusive <details>.
 */
export function FaqAccordion({
  id,
  title,
  faqs,
}: {
  id: string;
  title: string;
  faqs: readonly Faq[];
}) {
  const group = useId();
  const closeOthers = (event: React.SyntheticEvent<HTMLDetailsElement>) =>
    closeOtherAnswers(event.currentTarget);
  return (
    <Section id={id} title={title}>
      <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200">
        {faqs.map((faq) => (
          <details key={faq.question} name={group} onToggle={closeOthers} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-emerald-700">
              <h3>{faq.question}</h3>
              <ChevronDownIcon className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
            </summary>
            <p className="px-5 pb-5 text-slate-700">{faq.answer}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}
