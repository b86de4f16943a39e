import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HaulerJobPage } from './hauler-job-page';
import { API_PATHS } from '#contract/core/api';
import { addDays, formatPickupDate, localIsoDate } from '#contract/core/calendar-date';
import { JOB_API_PATHS, JOB_TEXTS } from '#contract/loop/jobs';
import type { JobView, LeadWithJob } from '#contract/loop/jobs';
import type { HaulerLeadView } from '#contract/loop/quote-loop';
import { HAULER_MONEY_TEXTS } from '#contract/money/payments';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const STREET = '4417 Quillfeather Lane';

function booked(pickupDate: string, job: Partial<JobView> = {}): LeadWithJob {
  const lead: HaulerLeadView & { job: JobView } = {
    role: 'hauler',
    reference: '5B1E0C2D',
    status: 'accepted',
    receivedAt: '2026-11-26T13:00:00.000Z',
    history: [{ status: 'received', at: '2026-11-26T13:00:00.000Z' }],
    businessName: 'Desert Haul Co',
    outcome: 'won',
    quote: {
      number: 1,
      from: 'hauler',
      state: 'accepted',
      priceDollars: 260,
      pickupDate,
      pickupWindow: 'morning',
      hauler: 'Desert Haul Co',
      sentAt: '2026-11-26T14:00:00.000Z',
    },
    can: { quote: false, accept: false, decline: false, cancel: false },
    request: {
      city: 'Phoenix',
      state: 'Arizona',
      zipCode: '85001',
      description: 'A sofa',
      photoUrls: [],
      details: [],
    },
    contact: { name: 'Ann Homeowner', phone: '602-555-0100', email: 'ann@example.com' },
    job: {
      priceDollars: 260,
      address: { street: STREET },
      afterPhotos: 0,
      priceChanges: [],
      can: {
        address: false,
        onMyWay: true,
        done: true,
        cantDo: true,
        priceChange: true,
        decidePrice: false,
        report: false,
        rate: false,
      },
      ...job,
    },
  };
  return lead;
}

/** The hauler's job page as loaded from `lead`; every later POST answers `after`. */
function open(lead: LeadWithJob, after: LeadWithJob = lead) {
  const fetchMock = vi.fn((path: string) =>
    Promise.resolve(json(200, { lead: path === API_PATHS.lead ? lead : after })),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(<HaulerJobPage />);
  const posted = () =>
    fetchMock.mock.calls
      .map((call) => (call as unknown as [string])[0])
      .filter((path) => path !== API_PATHS.lead);
  return { posted };
}

const today = () => localIsoDate(new Date());

beforeEach(() => {
  window.location.hash = '#t=hauler-job-token';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the hauler’s job page once the homeowner cancels the booked job', () => {
  it('says not to go at the very top, with the day it was cancelled, and offers nothing to do', async () => {
    const cancelledAt = '2026-11-27T17:00:00.000Z';
    const lead = booked(addDays(today(), 2), {
      cancelledAt,
      address: undefined,
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
    });
    open({ ...lead, status: 'cancelled', outcome: 'closed', contact: undefined } as LeadWithJob);
    const banner = await screen.findByRole('region', { name: JOB_TEXTS.cancelledHeading });
    const day = new Date(cancelledAt).toLocaleDateString('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    });
    expect(banner).toHaveTextContent(JOB_TEXTS.cancelledBanner(day));
    // First under the page's title: before the job's reference and every card.
    const reference = screen.getByText(/^Job/, { selector: 'p' });
    expect(
      banner.compareDocumentPosition(reference) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })[0]).toHaveTextContent(
      JOB_TEXTS.cancelledHeading,
    );
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Pickup address' })).toBeNull();
    expect(screen.queryByText(/call them to arrange the pickup/)).toBeNull();
    expect(screen.queryByText(/locked/)).toBeNull();
  });
});

describe('“On my way” and “Job done” on another day than the booked one', () => {
  it('asks “This job is booked for …. Mark it now?” in a dialog before sending, and “Not yet” sends nothing', async () => {
    const pickupDate = addDays(today(), 2);
    const { posted } = open(booked(pickupDate));
    fireEvent.click(await screen.findByRole('button', { name: JOB_TEXTS.onMyWay }));
    const dialog = await screen.findByRole('dialog', {
      name: JOB_TEXTS.offDayQuestion(formatPickupDate(pickupDate)),
    });
    expect(posted()).toEqual([]);
    // The safe answer has the focus.
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: JOB_TEXTS.offDayCancel })).toHaveFocus(),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: JOB_TEXTS.offDayCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.onMyWay }));
    fireEvent.click(await screen.findByRole('button', { name: JOB_TEXTS.offDayConfirm }));
    await waitFor(() => expect(posted()).toEqual([JOB_API_PATHS.onMyWay]));
  });

  it('asks before “Job done” too, once the form is complete, and uploads nothing on “Not yet”', async () => {
    const pickupDate = addDays(today(), -1);
    const { posted } = open(booked(pickupDate));
    const form = await screen.findByRole('region', { name: JOB_TEXTS.jobDone });
    const receipt = new File(['%PDF-1.4'], 'receipt.pdf', { type: 'application/pdf' });
    fireEvent.change(within(form).getByLabelText('Disposal receipt'), {
      target: { files: [receipt] },
    });
    fireEvent.change(within(form).getByLabelText('Facility’s name'), {
      target: { value: 'Salt River Transfer Station' },
    });
    fireEvent.click(within(form).getByRole('button', { name: JOB_TEXTS.jobDone }));
    const dialog = await screen.findByRole('dialog', {
      name: JOB_TEXTS.offDayQuestion(formatPickupDate(pickupDate)),
    });
    expect(dialog).toHaveTextContent(`“${JOB_TEXTS.jobDone}” emails the homeowner`);
    fireEvent.click(within(dialog).getByRole('button', { name: JOB_TEXTS.offDayCancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted()).toEqual([]);
  });

  it('acts at once on the booked day', async () => {
    const { posted } = open(booked(today()));
    fireEvent.click(await screen.findByRole('button', { name: JOB_TEXTS.onMyWay }));
    await waitFor(() => expect(posted()).toEqual([JOB_API_PATHS.onMyWay]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the driver’s bar', () => {
  it('holds the next action, the homeowner’s phone as call and text links, and directions to the address', async () => {
    open(booked(today()));
    const bar = await screen.findByRole('region', { name: 'Next step' });
    expect(within(bar).getByRole('button', { name: JOB_TEXTS.onMyWay })).toBeVisible();
    expect(within(bar).getByRole('link', { name: 'Call the homeowner' })).toHaveAttribute(
      'href',
      'tel:6025550100',
    );
    expect(within(bar).getByRole('link', { name: 'Text the homeowner' })).toHaveAttribute(
      'href',
      'sms:6025550100',
    );
    const directions = `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(`${STREET}, Phoenix, Arizona 85001`)}`;
    expect(within(bar).getByRole('link', { name: 'Directions to the pickup' })).toHaveAttribute(
      'href',
      directions,
    );
    expect(screen.getByRole('link', { name: new RegExp(STREET) })).toHaveAttribute(
      'href',
      directions,
    );
  });

  it('offers "Job done" once on the way, and has no directions before the address is given', async () => {
    open(
      booked(today(), {
        address: undefined,
        onTheWayAt: '2026-11-27T15:00:00.000Z',
        can: { ...booked(today()).job!.can, onMyWay: false },
      }),
    );
    const bar = await screen.findByRole('region', { name: 'Next step' });
    expect(
      within(bar).getByRole('button', { name: `${JOB_TEXTS.jobDone}: add the receipt` }),
    ).toBeVisible();
    expect(within(bar).queryByRole('button', { name: JOB_TEXTS.onMyWay })).toBeNull();
    expect(within(bar).queryByRole('link', { name: 'Directions to the pickup' })).toBeNull();
    // It takes the driver to the form: the receipt is uploaded there.
    fireEvent.click(
      within(bar).getByRole('button', { name: `${JOB_TEXTS.jobDone}: add the receipt` }),
    );
    expect(screen.getByRole('heading', { name: JOB_TEXTS.jobDone })).toHaveFocus();
  });

  it('is gone once the job is done', async () => {
    open(
      booked(today(), {
        doneAt: '2026-11-27T18:00:00.000Z',
        can: { ...booked(today()).job!.can, onMyWay: false, done: false },
      }),
    );
    await screen.findByText(/Job done on/);
    expect(screen.queryByRole('region', { name: 'Next step' })).toBeNull();
  });
});

describe('the homeowner’s payment on the job page', () => {
  it('says when the payment is not yet secured, and nothing of the card', async () => {
    open(booked(addDays(today(), 2), { money: 'hold-failed' }));
    expect(await screen.findByText(HAULER_MONEY_TEXTS['hold-failed'])).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.queryByText(/card/i)).toBeNull();
  });

  it('says nothing of the payment while it is secured', async () => {
    open(booked(addDays(today(), 2), { money: 'held' }));
    await screen.findByRole('heading', { name: 'Price and pickup' });
    expect(screen.queryByText(HAULER_MONEY_TEXTS['hold-failed'])).toBeNull();
  });
});
