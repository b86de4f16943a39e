import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FaqAccordion } from './faq-accordion';

const faqs = [
  { question: 'First question?', answer: 'First answer.' },
  { question: 'Second question?', answer: 'Second answer.' },
  { question: 'Third question?', answer: 'Third answer.' },
];

function open(details: HTMLDetailsElement) {
  details.open = true;
  fireEvent(details, new Event('toggle'));
}

describe('FaqAccordion', () => {
  it('renders every question as a heading and every answer in the markup', () => {
    const { container } = render(<FaqAccordion id="faq" title="FAQs" faqs={faqs} />);
    expect(screen.getByRole('heading', { level: 2, name: 'FAQs' })).toBeInTheDocument();
    for (const faq of faqs) {
      expect(screen.getByRole('heading', { level: 3, name: faq.question })).toBeInTheDocument();
      expect(container).toHaveTextContent(faq.answer);
    }
  });

  it('groups its items under one name so the browser keeps one open', () => {
    const { container } = render(<FaqAccordion id="faq" title="FAQs" faqs={faqs} />);
    const names = [...container.querySelectorAll('details')].map((d) => d.getAttribute('name'));
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(1);
    expect(names[0]).toBeTruthy();
  });

  it('closes the open item when another one opens, in browsers without exclusive details', () => {
    const { container } = render(<FaqAccordion id="faq" title="FAQs" faqs={faqs} />);
    const [first, second, third] = [...container.querySelectorAll('details')];
    open(first!);
    expect(first!.open).toBe(true);
    open(third!);
    expect(third!.open).toBe(true);
    expect(first!.open).toBe(false);
    expect(second!.open).toBe(false);
  });
});
