import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JobProof } from './job-proof';
import { JOB_API_PATHS, JOB_MESSAGES, JOB_TEXTS } from '#contract/loop/jobs';
import type { ProofUrls } from '#contract/loop/jobs';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('JobProof', () => {
  const proof = (contentType: 'application/pdf' | 'image/png'): ProofUrls => ({
    receipt: {
      url: `https://bucket.example/job-proof/r.${contentType === 'image/png' ? 'png' : 'pdf'}?X-Amz-Expires=300`,
      contentType,
      facility: 'Salt River Transfer Station',
      at: '2026-11-25T17:00:00.000Z',
    },
    afterPhotos: ['https://bucket.example/job-proof/a.jpg?X-Amz-Expires=300'],
    expiresInSeconds: 300,
  });

  it('asks for nothing until the button is pressed, then shows an image receipt and the photos', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(200, proof('image/png'))));
    vi.stubGlobal('fetch', fetchMock);
    render(<JobProof token="t" />);
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.viewReceipt }));
    const image = await screen.findByRole('img', {
      name: 'Disposal receipt from Salt River Transfer Station',
    });
    expect(image.getAttribute('src')).toContain('job-proof/r.png');
    expect(screen.getByRole('img', { name: 'After-photo 1' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(JOB_API_PATHS.proof, expect.anything());
  });

  it('links to a PDF receipt instead of showing it', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, proof('application/pdf'))));
    render(<JobProof token="t" />);
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.viewReceipt }));
    const link = await screen.findByRole('link', { name: JOB_TEXTS.openReceiptPdf });
    expect(link.getAttribute('href')).toContain('job-proof/r.pdf');
    expect(link.getAttribute('rel')).toContain('noreferrer');
  });

  it('says why when there is no receipt yet', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        json(409, { error: { code: 'conflict', message: JOB_MESSAGES.noReceiptYet } }),
      ),
    );
    render(<JobProof token="t" />);
    fireEvent.click(screen.getByRole('button', { name: JOB_TEXTS.viewReceipt }));
    expect(await screen.findByRole('alert')).toHaveTextContent(JOB_MESSAGES.noReceiptYet);
  });
});
