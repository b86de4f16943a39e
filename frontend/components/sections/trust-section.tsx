import { trust } from '../../content/marketing';
import { Section } from './section';

export function TrustSection() {
  return (
    <Section staticContent id="trust" title={trust.heading}>
      <ul className="grid gap-6 text-center sm:grid-cols-3">
        {trust.claims.map((claim) => (
          <li key={claim.label} className="rounded-xl border border-slate-200 p-6">
            <p className="text-4xl font-extrabold text-emerald-800">{claim.figure}</p>
            <p className="mt-2 text-slate-700">{claim.label}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
