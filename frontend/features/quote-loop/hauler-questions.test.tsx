import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HaulerQuestions } from './hauler-questions';
import { QUESTION_API_PATHS, QUESTION_MESSAGES, QUESTION_TEXTS } from '#contract/loop/questions';
import type { QuestionsView } from '#contract/loop/questions';
import type { LeadWithJob } from '#contract/loop/jobs';
import type { HomeownerLeadView } from '#contract/loop/quote-loop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const lead = (questions?: QuestionsView): HomeownerLeadView => ({
  role: 'homeowner',
  action: 'view',
  reference: '5B1E0C2D',
  status: 'received',
  receivedAt: '2026-11-26T13:00:00.000Z',
  history: [],
  quotes: [],
  acceptable: [],
  can: { quote: false, accept: false, decline: false, cancel: true },
  request: {
    city: 'Phoenix',
    state: 'Arizona',
    zipCode: '85001',
    description: 'A sofa and two chairs',
    photoUrls: [],
    details: [],
    media: '2 photos',
  },
  ...(questions === undefined ? {} : { questions }),
});

const open: QuestionsView = {
  list: [
    {
      number: 1,
      text: 'Is it upstairs? Call me on [contact hidden]',
      askedAt: '2026-11-26T14:00:00.000Z',
      askedBy: 'Desert Haul Co',
    },
  ],
  can: { ask: false, answer: true },
};
const answered: QuestionsView = {
  ...open,
  list: [{ ...open.list[0]!, answer: { text: 'Ground floor.', at: '2026-11-26T15:00:00.000Z' } }],
  can: { ask: false, answer: false },
};

afterEach(() => vi.unstubAllGlobals());

describe('questions from haulers on the request page', () => {
  it('shows nothing while no hauler has asked', () => {
    const { container } = render(
      <HaulerQuestions lead={lead()} token="t" onLead={() => undefined} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('names who asked and says why an empty answer cannot go, under its box', async () => {
    render(<HaulerQuestions lead={lead(open)} token="t" onLead={() => undefined} />);
    const section = screen.getByRole('region', { name: QUESTION_TEXTS.homeownerHeading });
    expect(section).toHaveTextContent(QUESTION_TEXTS.askedBy('Desert Haul Co'));
    expect(section).toHaveTextContent('Is it upstairs? Call me on [contact hidden]');
    fireEvent.click(await screen.findByRole('button', { name: QUESTION_TEXTS.answerButton }));
    const box = screen.getByLabelText(QUESTION_TEXTS.answerLabel);
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(box).toHaveAccessibleDescription(
      expect.stringContaining(QUESTION_MESSAGES.answerInvalid),
    );
  });

  it('sends the answer with the question’s number, announces it and moves focus to the answered question', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      sent.push([_path, JSON.parse(String(init.body))]);
      return Promise.resolve(json(200, { lead: lead(answered) }));
    });
    function Page() {
      const [view, setView] = useStateLead(lead(open));
      return <HaulerQuestions lead={view} token="view-token" onLead={setView} />;
    }
    render(<Page />);
    fireEvent.change(await screen.findByLabelText(QUESTION_TEXTS.answerLabel), {
      target: { value: 'Ground floor.' },
    });
    fireEvent.click(screen.getByRole('button', { name: QUESTION_TEXTS.answerButton }));
    expect(await screen.findByText(QUESTION_TEXTS.answered)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([
      [QUESTION_API_PATHS.answer, { token: 'view-token', question: 1, answer: 'Ground floor.' }],
    ]);
    const item = within(screen.getByRole('list')).getByRole('listitem');
    await waitFor(() => expect(item).toHaveFocus());
    expect(item).toHaveTextContent('Answer: Ground floor.');
    expect(screen.queryByLabelText(QUESTION_TEXTS.answerLabel)).toBeNull();
  });
});

function useStateLead(initial: HomeownerLeadView) {
  const [view, setView] = useState(initial);
  return [view, (next: LeadWithJob) => setView(next as HomeownerLeadView)] as const;
}
