import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobDoneForm } from './job-done-form';
import { JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';

afterEach(() => vi.unstubAllGlobals());

describe('JobDoneForm', () => {
  const file = (name: string, type: string, size: number) =>
    new File([new Uint8Array(size)], name, { type });

  it('refuses a missing receipt, a wrong type and a short facility with the contract’s messages, calling nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<JobDoneForm token="t" onDone={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.jobDone }));
    expect(await screen.findByText(JOB_MESSAGES.receiptRequired)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement?.id).toBe('job-done-receipt'));

    fireEvent.change(screen.getByLabelText('Disposal receipt'), {
      target: { files: [file('r.gif', 'image/gif', 10)] },
    });
    fireEvent.change(screen.getByLabelText('Facility’s name'), { target: { value: 'x' } });
    fireEvent.change(screen.getByLabelText('After-photos (optional)'), {
      target: { files: [file('a.webp', 'image/webp', 10)] },
    });
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.jobDone }));
    expect(await screen.findByText(JOB_MESSAGES.receiptType)).toBeInTheDocument();
    expect(screen.getByText(JOB_MESSAGES.facilityInvalid)).toBeInTheDocument();
    expect(screen.getByText(JOB_MESSAGES.afterPhotoType)).toBeInTheDocument();
    expect(screen.getByLabelText('Facility’s name').getAttribute('aria-describedby')).toContain(
      'job-done-facility-error',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
