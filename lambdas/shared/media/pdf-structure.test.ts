/**
 * The PDF check against files pdf-lib makes and files made to pass for a PDF: a web page between
 * a header and an end-of-file marker (issue 37 item 5), page trees with no page, cut files, and
 * files built to make the parse itself the attack.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PDF_POLYGLOT, blankPdf } from '../../../test/fixtures/pdf';
import { bufferSource } from './byte-source';
import type { ByteSource } from './byte-source';
import {
  PDF_MAX_BYTES,
  PDF_MAX_INFLATED_BYTES,
  PDF_MAX_OBJECTS,
  pdfProblem,
} from './pdf-structure';

const problem = (bytes: Uint8Array) => pdfProblem(bufferSource(bytes));

/** A PDF of `objects` lines after its header, cross-reference table left out (readers rebuild it). */
const handMade = (...objects: string[]) =>
  Buffer.from(['%PDF-1.5', ...objects, 'trailer <</Root 1 0 R>>', '%%EOF', ''].join('\n'));

/** A catalog and a one-page tree: what the streams below are added to. */
const ONE_PAGE = [
  '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
  '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
  '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792]>> endobj',
];

/** An object stream, in object 9, whose contents are `contents` deflated. */
function withObjectStream(contents: Buffer): Buffer {
  const deflated = deflateSync(contents);
  const dict = `<</Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${deflated.length}>>`;
  const [head, tail] = handMade(...ONE_PAGE, `9 0 obj ${dict} stream\nSTREAM\nendstream endobj`)
    .toString('latin1')
    .split('STREAM');
  return Buffer.concat([Buffer.from(head!, 'latin1'), deflated, Buffer.from(tail!, 'latin1')]);
}

describe('a PDF', () => {
  it('is accepted when pdf-lib made it, with one page or three, with object streams or without', async () => {
    const classic = await PDFDocument.create({ updateMetadata: false });
    classic.addPage();
    const files = [
      await blankPdf(),
      await blankPdf(3),
      await classic.save({ useObjectStreams: false }),
    ];
    for (const file of files) expect(await problem(file)).toBeUndefined();
  });

  it('is accepted encrypted, as an owner-password-only certificate opens in any reader', async () => {
    const encrypted = handMade(
      ...ONE_PAGE,
      '5 0 obj <</Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4>> endobj',
    ).toString('latin1');
    const file = encrypted.replace('<</Root 1 0 R>>', '<</Root 1 0 R /Encrypt 5 0 R>>');
    expect(await problem(Buffer.from(file, 'latin1'))).toBeUndefined();
  });

  it('is refused when it is a web page between a PDF header and an end-of-file marker', async () => {
    expect(await problem(PDF_POLYGLOT)).toBe('PDF: no catalog');
  });

  it('is refused when its page tree holds no page', async () => {
    expect(await problem(await blankPdf(0))).toBe('PDF: no pages');
  });

  it('is refused when it is cut short, even with its end-of-file marker put back', async () => {
    const whole = await blankPdf();
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await problem(cut)).toBe('PDF: no end-of-file marker');
    expect(await problem(Buffer.concat([cut, Buffer.from('\n%%EOF\n')]))).toBe(
      'PDF: does not parse',
    );
  });

  it('is refused past the contract’s size without being read whole', async () => {
    const file = Buffer.concat([
      await blankPdf(),
      Buffer.alloc(PDF_MAX_BYTES, 0x20),
      Buffer.from('%%EOF\n'),
    ]);
    const lengths: number[] = [];
    const whole = bufferSource(file);
    const counted: ByteSource = {
      size: whole.size,
      read: (offset, length) => {
        lengths.push(length);
        return whole.read(offset, length);
      },
    };
    expect(await pdfProblem(counted)).toBe('PDF: larger than the contract allows');
    expect(Math.max(...lengths)).toBeLessThanOrEqual(1024);
  });
});

describe('a PDF built to make the parse the attack', () => {
  it('is refused before pdf-lib inflates an object stream past the budget (a compression bomb)', async () => {
    const bomb = withObjectStream(Buffer.alloc(PDF_MAX_INFLATED_BYTES + 1, 0x20));
    expect(bomb.length).toBeLessThan(20_000);
    expect(await problem(bomb)).toBe('PDF: object streams inflate too far');
  });

  it('is refused when an object stream chains filters, which multiplies their ratios', async () => {
    const file = handMade(
      ...ONE_PAGE,
      '9 0 obj <</Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode] /Length 0>> stream\n\nendstream endobj',
    );
    expect(await problem(file)).toBe('PDF: an object stream with other filters');
  });

  it('is refused when a cross-reference stream promises more rows than it holds', async () => {
    // pdf-lib would make an entry, and a PDFRef kept for the life of the process, for each.
    const empty = handMade(
      ...ONE_PAGE,
      '9 0 obj <</Type /XRef /Size 400000 /W [1 2 1] /Length 0>> stream\n\nendstream endobj',
    );
    expect(await problem(empty)).toBe('PDF: a cross-reference stream shorter than its rows');
    const many = handMade(
      ...ONE_PAGE,
      `9 0 obj <</Type /XRef /Size ${PDF_MAX_OBJECTS + 1} /W [1 2 1] /Length 0>> stream\n\nendstream endobj`,
    );
    expect(await problem(many)).toBe('PDF: too many objects');
  });

  it('has its page tree walked once per node, when kids point back or are shared at every level', async () => {
    const loop = handMade(
      '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
      '2 0 obj <</Type /Pages /Kids [2 0 R 4 0 R] /Count 1>> endobj',
      '4 0 obj <</Type /Pages /Kids [2 0 R] /Count 1>> endobj',
    );
    expect(await problem(loop)).toBe('PDF: no pages');
    // 50 levels of two kids that are one node: 2^50 paths for a walk without memory.
    const levels = Array.from(
      { length: 50 },
      (_, i) => `${i + 10} 0 obj <</Type /Pages /Kids [${i + 11} 0 R ${i + 11} 0 R]>> endobj`,
    );
    const shared = handMade(
      '1 0 obj <</Type /Catalog /Pages 10 0 R>> endobj',
      ...levels,
      '60 0 obj <</Type /Pages /Kids []>> endobj',
    );
    expect(await problem(shared)).toBe('PDF: no pages');
  });
});
