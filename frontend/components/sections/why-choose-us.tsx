import { sectionHeadings } from '../../content/marketing';
import { whyChooseUs } from '../../content/why-choose-us';
import { Section } from './section';

export function WhyChooseUs() {
  return (
    <Section staticContent id="why-choose-us" title={sectionHeadings.whyChooseUs} tone="muted">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {whyChooseUs.map((benefit) => (
          <li key={benefit.title} className="rounded-xl bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-slate-900">{benefit.title}</h3>
            <p className="mt-2 text-slate-700">{benefit.text}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
