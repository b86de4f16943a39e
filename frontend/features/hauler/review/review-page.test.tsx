import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HaulerReviewPage } from './review-page';
import type { HaulerReviewView } from '#contract/haulers/hauler-api';
import { HAULER_CONTACT_NAME_LABEL } from '#contract/haulers/haulers';

const review: HaulerReviewView = {
  hauler: {
    haulerId: 'h-1',
    status: 'pending-review',
    businessName: 'Desert Haul Co',
    name: 'Sam Hauler',
    email: 'sam@example.com',
    phone: '602-555-0199',
    baseZipCode: '85001',
    serviceRadiusMiles: 25,
    truck: 'box-truck',
    appliedAt: '2026-11-26T13:00:00.000Z',
  },
  coverage: [],
  can: { approve: true, reject: true, approveRenewal: false },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('operations’ review page', () => {
  it('names the applicant’s name as the business’s contact, never “Your name”: operations are reading it', async () => {
    window.location.hash = '#t=operations-review-token';
    vi.stubGlobal('fetch', () =>
      Promise.resolve(new Response(JSON.stringify({ review }), { status: 200 })),
    );
    render(<HaulerReviewPage />);
    const application = await screen.findByRole('region', { name: 'The application' });
    expect(within(application).getByText(HAULER_CONTACT_NAME_LABEL)).toBeInTheDocument();
    expect(within(application).getByText('Sam Hauler')).toBeInTheDocument();
    expect(screen.queryByText('Your name')).toBeNull();
  });
});
