import { howItWorks } from '../../content/marketing';
import { Section } from './section';

export function HowItWorks() {
  return (
    <Section staticContent id="how-it-works" title={howItWorks.heading} tone="muted">
      <ol className="grid gap-8 md:grid-cols-3">
        {howItWorks.steps.map((step, index) => (
          <li key={step.title} className="rounded-xl bg-white p-6 text-center shadow-sm">
            <span
              aria-hidden="true"
              className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-700 text-xl font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-xl font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
