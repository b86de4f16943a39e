import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OperationsJob } from './operations-job';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';
import type { JobView } from '#contract/loop/jobs';

afterEach(() => vi.unstubAllGlobals());

const booked: JobView = {
  priceDollars: 240,
  afterPhotos: 0,
  priceChanges: [],
  hauler: { businessName: 'Desert Haul Co', phone: '(602) 555-0100' },
  can: {
    address: false,
    onMyWay: false,
    done: false,
    cantDo: false,
    priceChange: false,
    decidePrice: false,
    report: false,
    rate: false,
  },
};

const factOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('the job on the operations page', () => {
  it('shows a job just booked: the hauler to call, the price, and what has not happened yet', () => {
    vi.stubGlobal('fetch', vi.fn());
    render(<OperationsJob job={booked} token="t" />);
    const card = screen.getByRole('region', { name: 'The job' });
    expect(factOf('Hauler')).toHaveTextContent('Desert Haul Co · (602) 555-0100');
    expect(within(card).getByRole('link', { name: '(602) 555-0100' })).toHaveAttribute(
      'href',
      'tel:6025550100',
    );
    expect(factOf('Price')).toHaveTextContent('$240 flat');
    expect(factOf('Pickup address')).toHaveTextContent('Not given yet');
    expect(factOf('On the way')).toHaveTextContent('Not yet');
    expect(factOf('Done')).toHaveTextContent('Not yet');
    // No receipt yet: no button that could only answer "no receipt".
    expect(screen.queryByRole('button', { name: JOB_TEXTS.viewReceipt })).toBeNull();
  });

  it('shows a job done: the address, both times, the receipt with its photos, the price change and the rating', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <OperationsJob
        token="ops-token"
        job={{
          ...booked,
          priceDollars: 280,
          address: { street: '1550 Larimer St', accessNotes: 'Gate code 4411' },
          onTheWayAt: '2026-11-26T15:00:00.000Z',
          doneAt: '2026-11-26T17:30:00.000Z',
          receipt: {
            facility: 'Salt River Transfer Station',
            contentType: 'image/jpeg',
            at: '2026-11-26T17:30:00.000Z',
          },
          afterPhotos: 2,
          priceChanges: [
            {
              number: 1,
              fromDollars: 240,
              priceDollars: 280,
              reason: 'A second sofa',
              state: 'approved',
              at: '2026-11-26T15:10:00.000Z',
            },
          ],
          rating: { stars: 5, comment: 'On time <b>and</b> tidy', at: '2026-11-26T18:00:00.000Z' },
        }}
      />,
    );
    expect(factOf('Pickup address')).toHaveTextContent('1550 Larimer StGate code 4411');
    expect(factOf('On the way')).not.toHaveTextContent('Not yet');
    expect(factOf('Done')).not.toHaveTextContent('Not yet');
    expect(factOf('Receipt')).toHaveTextContent('Salt River Transfer Station, with 2 after-photos');
    expect(factOf('Rating')).toHaveTextContent('5 of 5 stars');
    // The homeowner's words are text, never markup.
    expect(factOf('Rating')).toHaveTextContent('On time <b>and</b> tidy');
    expect(screen.getByRole('list', { name: 'Price changes' })).toHaveTextContent(
      '$240 → $280 · Approved',
    );
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.viewReceipt }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(JOB_API_PATHS.proof, expect.anything()),
    );
    expect(
      JSON.parse((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as string),
    ).toEqual({
      token: 'ops-token',
    });
  });
});
