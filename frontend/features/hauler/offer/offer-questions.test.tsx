import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfferQuestions } from './offer-questions';
import type { LeadWithJob } from '#contract/loop/jobs';
import {
  QUESTION_API_PATHS,
  QUESTION_LIMITS,
  QUESTION_MESSAGES,
  QUESTION_TEXTS,
} from '#contract/loop/questions';
import type { QuestionsView } from '#contract/loop/questions';
import type { HaulerLeadView } from '#contract/loop/quote-loop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lead = (questions?: QuestionsView): HaulerLeadView => ({
  role: 'hauler',
  reference: '5B1E0C2D',
  status: 'received',
  receivedAt: '2026-11-26T13:00:00.000Z',
  history: [],
  businessName: 'Valley Junk LLC',
  outcome: 'open',
  can: { quote: true, accept: false, decline: false, cancel: false },
  request: {
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    description: 'A sofa',
    photoUrls: [],
    details: [],
  },
  ...(questions === undefined ? {} : { questions }),
});

const asked = {
  number: 1,
  text: 'Is it upstairs?',
  askedAt: '2026-11-26T14:00:00.000Z',
  answer: { text: 'Ground floor.', at: '2026-11-26T15:00:00.000Z' },
};

function Page({ initial }: { initial: HaulerLeadView }) {
  const [view, setView] = useState(initial);
  return (
    <OfferQuestions
      lead={view}
      token="offer-token"
      onLead={(next: LeadWithJob) => setView(next as HaulerLeadView)}
    />
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('questions on the offer page', () => {
  it('shows another hauler’s question and the answer, without who asked, above the form', () => {
    render(<Page initial={lead({ list: [asked], can: { ask: true, answer: false }, left: 3 })} />);
    const list = screen.getByRole('list', { name: QUESTION_TEXTS.listHeading });
    expect(list).toHaveTextContent('Is it upstairs?');
    expect(list).toHaveTextContent('Answer: Ground floor.');
    expect(list).not.toHaveTextContent(QUESTION_TEXTS.yours);
    expect(screen.getByLabelText(QUESTION_TEXTS.askLabel)).toHaveAccessibleDescription(
      expect.stringContaining(QUESTION_TEXTS.left(3)),
    );
  });

  it('checks the question with the function’s own schema before sending anything', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<Page initial={lead({ list: [], can: { ask: true, answer: false }, left: 3 })} />);
    fireEvent.change(screen.getByLabelText(QUESTION_TEXTS.askLabel), { target: { value: 'Hi?' } });
    fireEvent.click(screen.getByRole('button', { name: QUESTION_TEXTS.askButton }));
    expect(await screen.findByText(QUESTION_MESSAGES.questionInvalid)).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends the question, empties the box and says so', async () => {
    const sent: unknown[] = [];
    const after = lead({
      list: [{ ...asked, yours: true }],
      can: { ask: true, answer: false },
      left: 2,
    });
    vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
      sent.push([path, JSON.parse(String(init.body))]);
      return Promise.resolve(json(200, { lead: after }));
    });
    render(<Page initial={lead({ list: [], can: { ask: true, answer: false }, left: 3 })} />);
    const box = screen.getByLabelText(QUESTION_TEXTS.askLabel);
    fireEvent.change(box, { target: { value: 'Is it upstairs?' } });
    fireEvent.click(screen.getByRole('button', { name: QUESTION_TEXTS.askButton }));
    expect(await screen.findByText(QUESTION_TEXTS.asked)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([
      [QUESTION_API_PATHS.ask, { token: 'offer-token', question: 'Is it upstairs?' }],
    ]);
    await waitFor(() => expect(screen.getByLabelText(QUESTION_TEXTS.askLabel)).toHaveValue(''));
    expect(screen.getByRole('list')).toHaveTextContent(QUESTION_TEXTS.yours);
  });

  it(`shows the limit’s words as an alert when question ${QUESTION_LIMITS.perOffer + 1} is refused`, async () => {
    const full = lead({
      list: [{ ...asked, yours: true }],
      can: { ask: false, answer: false },
      limitReached: QUESTION_MESSAGES.tooManyFromYou,
    });
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        json(409, {
          error: { code: 'conflict', message: QUESTION_MESSAGES.tooManyFromYou },
          lead: full,
        }),
      ),
    );
    render(<Page initial={lead({ list: [], can: { ask: true, answer: false }, left: 1 })} />);
    fireEvent.change(screen.getByLabelText(QUESTION_TEXTS.askLabel), {
      target: { value: 'One too many?' },
    });
    fireEvent.click(screen.getByRole('button', { name: QUESTION_TEXTS.askButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(QUESTION_MESSAGES.tooManyFromYou);
    expect(screen.queryByLabelText(QUESTION_TEXTS.askLabel)).toBeNull();
  });

  it('shows nothing to an offer that may no longer ask and has no questions to read', () => {
    const { container } = render(<Page initial={lead()} />);
    expect(container).toBeEmptyDOMElement();
  });
});
