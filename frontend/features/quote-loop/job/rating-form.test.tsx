import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RatingForm } from './rating-form';
import { JOB_API_PATHS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import type { LeadWithJob } from '#contract/loop/jobs';

const lead = (rating?: { stars: number }) =>
  ({
    reference: 'REF12345',
    ...(rating === undefined ? {} : { job: { rating: { ...rating, at: '2026-11-25T00:00:00Z' } } }),
  }) as unknown as LeadWithJob;

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sentBody = (fetchMock: ReturnType<typeof answer>) =>
  JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RatingForm', () => {
  it('offers 1 to 5 stars as one radio group under a legend, and an optional comment', () => {
    render(<RatingForm token="t" onRated={() => undefined} />);
    const group = screen.getByRole('group', { name: 'How was your pickup?' });
    const radios = ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'].map((name) =>
      screen.getByRole('radio', { name }),
    );
    // One name: the browser moves between them with the arrow keys.
    expect(new Set(radios.map((radio) => radio.getAttribute('name')))).toEqual(new Set(['stars']));
    radios.forEach((radio) => expect(group).toContainElement(radio));
    expect(screen.getByLabelText('Comment (optional)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: JOB_TEXTS.rate })).toBeInTheDocument();
  });

  it('asks for stars before sending anything, and moves the focus there', async () => {
    const fetchMock = answer(200, {});
    render(<RatingForm token="t" onRated={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.rate }));
    expect(
      await screen.findByText(JOB_MESSAGES.starsInvalid, { selector: '#rating-stars-error' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says “Choose from 1 to 5 stars” once: the hint gives way to the error saying the same', async () => {
    answer(200, {});
    render(<RatingForm token="t" onRated={() => undefined} />);
    expect(screen.getAllByText(JOB_MESSAGES.starsInvalid)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.rate }));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'How was your pickup?' })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(screen.getAllByText(JOB_MESSAGES.starsInvalid)).toHaveLength(1);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    expect(await screen.findByText('3 stars', { selector: 'p' })).toBeInTheDocument();
  });

  it('sends the stars and comment with the link, and hands the rated request back', async () => {
    const rated = lead({ stars: 4 });
    const fetchMock = answer(200, { lead: rated });
    const onRated = vi.fn();
    render(<RatingForm token="view-token" onRated={onRated} />);
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), {
      target: { value: 'Quick and tidy.' },
    });
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.rate }));
    await waitFor(() => expect(onRated).toHaveBeenCalledWith(rated));
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(JOB_API_PATHS.rating);
    expect(sentBody(fetchMock)).toEqual({
      token: 'view-token',
      stars: 4,
      comment: 'Quick and tidy.',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('your rating is saved');
  });

  it("puts the server's message for a field under that field", async () => {
    answer(400, {
      error: {
        code: 'invalid_request',
        message: JOB_MESSAGES.commentTooLong,
        fields: { comment: JOB_MESSAGES.commentTooLong },
      },
    });
    render(<RatingForm token="t" onRated={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.change(screen.getByLabelText('Comment (optional)'), { target: { value: 'ok' } });
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.rate }));
    const comment = screen.getByLabelText('Comment (optional)');
    await waitFor(() => expect(comment).toHaveAttribute('aria-invalid', 'true'));
    expect(comment.getAttribute('aria-describedby')).toContain('rating-comment-error');
    expect(document.getElementById('rating-comment-error')).toHaveTextContent(
      JOB_MESSAGES.commentTooLong,
    );
    await waitFor(() => expect(comment).toHaveFocus());
  });

  it('takes "already rated" with the rating as done, and says a closed window plainly', async () => {
    const rated = lead({ stars: 2 });
    answer(409, { error: { code: 'conflict', message: JOB_MESSAGES.alreadyRated }, lead: rated });
    const onRated = vi.fn();
    const { unmount } = render(<RatingForm token="t" onRated={onRated} />);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.rate }));
    await waitFor(() => expect(onRated).toHaveBeenCalledWith(rated));
    unmount();

    answer(409, { error: { code: 'conflict', message: JOB_MESSAGES.ratingClosed }, lead: lead() });
    render(<RatingForm token="t" onRated={onRated} />);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.rate }));
    expect(await screen.findByRole('alert')).toHaveTextContent(JOB_MESSAGES.ratingClosed);
    expect(onRated).toHaveBeenCalledTimes(1);
  });
});
