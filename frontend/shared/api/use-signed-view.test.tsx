import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickLead } from './pick-lead';
import { useSignedLink, useSignedView } from './use-signed-view';
import { API_PATHS } from '#contract/core/api';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const pickThing = (body: unknown) => (body as { thing?: { name: string } } | undefined)?.thing;

function answering(response: Response) {
  const fetchMock = vi.fn(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('the view a signed link opens', () => {
  it('sends the token from the fragment in a POST body and shows what the page picks', async () => {
    window.location.hash = '#t=the-token';
    const fetchMock = answering(json(200, { thing: { name: 'Desert Haul Co' } }));
    const { result } = renderHook(() => useSignedView('/api/thing', pickThing));
    await waitFor(() => expect(result.current[0].phase).toBe('ready'));
    expect(result.current[0]).toEqual({
      phase: 'ready',
      token: 'the-token',
      view: { name: 'Desert Haul Co' },
    });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/thing');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'the-token' });
  });

  it('asks nothing and says the link is not valid when the fragment holds no token', async () => {
    window.location.hash = '#section=rate';
    const fetchMock = answering(json(200, {}));
    const { result } = renderHook(() => useSignedView('/api/thing', pickThing));
    await waitFor(() =>
      expect(result.current[0]).toEqual({ phase: 'failed', message: LOOP_MESSAGES.linkInvalid }),
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the function’s own sentence when it refuses the link', async () => {
    window.location.hash = '#t=old-token';
    answering(json(410, { error: { code: 'gone', message: 'This link has expired.' } }));
    const { result } = renderHook(() => useSignedView('/api/thing', pickThing));
    await waitFor(() =>
      expect(result.current[0]).toEqual({ phase: 'failed', message: 'This link has expired.' }),
    );
  });

  it('says the link belongs to another page when it opens another party’s request', async () => {
    window.location.hash = '#t=homeowner-token';
    answering(json(200, { lead: { role: 'homeowner', reference: '5B1E0C2D' } }));
    const { result } = renderHook(() => useSignedView(API_PATHS.lead, pickLead('hauler')));
    await waitFor(() =>
      expect(result.current[0]).toEqual({ phase: 'failed', message: LOOP_MESSAGES.otherPage }),
    );
  });

  it('takes the view a change answered with in place of the one it opened', async () => {
    window.location.hash = '#t=the-token';
    answering(json(200, { thing: { name: 'Before' } }));
    const { result } = renderHook(() => useSignedView('/api/thing', pickThing));
    await waitFor(() => expect(result.current[0].phase).toBe('ready'));
    act(() => result.current[1]({ name: 'After' }));
    expect(result.current[0]).toMatchObject({ phase: 'ready', view: { name: 'After' } });
  });
});

describe('the signed link alone', () => {
  it('holds the token of the fragment, or says the link is not valid without one', () => {
    window.location.hash = '#t=confirm-token';
    expect(renderHook(() => useSignedLink()).result.current).toEqual({
      phase: 'ready',
      token: 'confirm-token',
      view: undefined,
    });
    window.location.hash = '';
    expect(renderHook(() => useSignedLink()).result.current).toEqual({
      phase: 'failed',
      message: LOOP_MESSAGES.linkInvalid,
    });
  });
});
