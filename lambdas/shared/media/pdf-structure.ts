// A PDF is a PDF when a PDF library reads it and finds a page, not when it starts `%PDF-` and ends
// `%%EOF`: a web page between the two passed that (issue 37 item 5). What pdf-lib would inflate on
// its own while reading is bounded here first; page content is never decoded.
import { AsyncLocalStorage } from 'node:async_hooks';
import { constants, inflateSync } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFObjectStreamParser,
  PDFXRefStreamParser,
} from 'pdf-lib';
import type { PDFContext, PDFObject, PDFRawStream } from 'pdf-lib';
import { bytesAt } from './byte-source';
import type { ByteSource } from './byte-source';
import { HAULER_LIMITS } from '#contract/haulers/haulers';
import { JOB_LIMITS } from '#contract/loop/jobs';

/** The largest PDF the contract lets in: a certificate or a receipt, at most 10 MB each. */
export const PDF_MAX_BYTES = Math.max(
  HAULER_LIMITS.certificateMaxBytes,
  JOB_LIMITS.receiptMaxBytes,
);
// Object and cross-reference streams: tens of KB for a certificate, a few MB for a book. More is a
// compression bomb, which pdf-lib would inflate whole (200 KB became 500 MB in a test).
export const PDF_MAX_INFLATED_BYTES = 8 * 1024 * 1024;
/** A classic cross-reference row is 20 bytes: no file within the cap lists more objects. */
export const PDF_MAX_OBJECTS = Math.floor(PDF_MAX_BYTES / 20);
/** Readers look for the end-of-file marker this far from the end (PDF 1.7, annex H). */
const PDF_TAIL_BYTES = 1024;

const ascii = (bytes: Uint8Array | undefined) =>
  bytes === undefined ? '' : String.fromCharCode(...bytes);

interface Budget {
  inflated: number;
  objects: number;
  refusal?: string;
}

const budgets = new AsyncLocalStorage<Budget>();

class StreamRefused extends Error {}

function refuse(budget: Budget, reason: string): never {
  budget.refusal ??= reason;
  throw new StreamRefused(reason);
}

function count(value: PDFObject | undefined): number | undefined {
  if (!(value instanceof PDFNumber)) return undefined;
  const number = value.asNumber();
  return Number.isSafeInteger(number) && number >= 0 ? number : undefined;
}

function total(values: readonly (PDFObject | undefined)[]): number | undefined {
  let sum = 0;
  for (const value of values) {
    const n = count(value);
    if (n === undefined) return undefined;
    sum += n;
  }
  return sum;
}

// FlateDecode alone or no filter, as producers write these: a chain could multiply ratios. zlib
// stops at the budget; pdf-lib's inflater cannot stop inside a block, so it runs on what zlib
// has measured.
function inflatedLength(stream: PDFRawStream, budget: Budget): number {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : [filter];
  const only = filters.length === 1 ? filters[0] : undefined;
  const flate = only === PDFName.of('FlateDecode');
  if (!flate && filter !== undefined) refuse(budget, 'PDF: an object stream with other filters');
  const room = PDF_MAX_INFLATED_BYTES - budget.inflated;
  let length = stream.contents.length;
  if (flate) {
    try {
      // Sync flush: a stream cut short is read as far as it goes, as pdf-lib does.
      length = inflateSync(stream.contents, {
        maxOutputLength: Math.max(room, 1),
        finishFlush: constants.Z_SYNC_FLUSH,
      }).length;
    } catch (error) {
      if (error instanceof RangeError) refuse(budget, 'PDF: object streams inflate too far');
      refuse(budget, 'PDF: an object stream does not inflate');
    }
  }
  if (length > room) refuse(budget, 'PDF: object streams inflate too far');
  budget.inflated += length;
  return length;
}

/** `objects` counted against the budget: pdf-lib makes an object, or an entry, for each. */
function countObjects(budget: Budget, objects: number | undefined): number {
  if (objects === undefined) refuse(budget, 'PDF: a stream without its object count');
  budget.objects += objects;
  if (budget.objects > PDF_MAX_OBJECTS) refuse(budget, 'PDF: too many objects');
  return objects;
}

function checkObjectStream(stream: PDFRawStream, budget: Budget): void {
  countObjects(budget, count(stream.dict.lookup(PDFName.of('N'))));
  inflatedLength(stream, budget);
}

/** pdf-lib reads as many rows as /Size or /Index say, whether the bytes are there or not. */
function checkXrefStream(stream: PDFRawStream, budget: Budget): void {
  const { dict } = stream;
  const index = dict.lookup(PDFName.of('Index'));
  const widths = dict.lookup(PDFName.of('W'));
  const counts =
    index instanceof PDFArray
      ? index.asArray().filter((_, i) => i % 2 === 1)
      : [dict.lookup(PDFName.of('Size'))];
  const rows = countObjects(budget, total(counts));
  const width = widths instanceof PDFArray ? total(widths.asArray()) : undefined;
  const length = inflatedLength(stream, budget);
  if (width === undefined || width < 1 || rows * width > length) {
    refuse(budget, 'PDF: a cross-reference stream shorter than its rows');
  }
}

// pdf-lib inflates these streams inside `PDFDocument.load` through two public factories: the check
// goes in front of them, once per process. A load outside `pdfProblem` gets a budget per stream.
function boundStreamParsers(): void {
  type Marked<F> = F & { bounded?: true };
  const objectStreams: Marked<typeof PDFObjectStreamParser.forStream> =
    PDFObjectStreamParser.forStream;
  const xrefStreams: Marked<typeof PDFXRefStreamParser.forStream> = PDFXRefStreamParser.forStream;
  if (objectStreams.bounded !== true) {
    PDFObjectStreamParser.forStream = Object.assign(
      (stream: PDFRawStream, shouldWaitForTick?: () => boolean) => {
        checkObjectStream(stream, budgets.getStore() ?? { inflated: 0, objects: 0 });
        return objectStreams(stream, shouldWaitForTick);
      },
      { bounded: true as const },
    );
  }
  if (xrefStreams.bounded !== true) {
    PDFXRefStreamParser.forStream = Object.assign(
      (stream: PDFRawStream) => {
        checkXrefStream(stream, budgets.getStore() ?? { inflated: 0, objects: 0 });
        return xrefStreams(stream);
      },
      { bounded: true as const },
    );
  }
}

boundStreamParsers();

const TYPE = PDFName.of('Type');
const PAGES = PDFName.of('Pages');
const PAGE = PDFName.of('Page');
const KIDS = PDFName.of('Kids');

// Each node once: pdf-lib's getPageCount recurses without a guard, so kids pointing back overflow
// the stack and shared kids are walked once per path (2^depth).
function reachesPage(context: PDFContext, root: PDFObject | undefined): boolean {
  const seen = new Set<PDFDict>();
  const pending = [root];
  while (pending.length > 0) {
    const node = context.lookup(pending.pop());
    if (!(node instanceof PDFDict) || seen.has(node)) continue;
    seen.add(node);
    const type = node.lookup(TYPE);
    if (type === PAGE) return true;
    const kids = node.lookup(KIDS);
    if (type === PAGES && kids instanceof PDFArray) {
      for (const kid of kids.asArray()) pending.push(kid);
    }
  }
  return false;
}

async function loaded(bytes: Uint8Array, budget: Budget): Promise<PDFDocument | string> {
  try {
    return await budgets.run(budget, () =>
      PDFDocument.load(bytes, {
        // Certificates often carry an owner password only, which every reader opens. pdf-lib
        // cannot decrypt: a page tree in an encrypted object stream is refused (send a photo).
        ignoreEncryption: true,
        // Read, never written: the Info dictionary is left alone.
        updateMetadata: false,
        // Not skipped with two console warnings, which a crafted file repeats by the thousand.
        throwOnInvalidObject: true,
      }),
    );
  } catch {
    return budget.refusal ?? 'PDF: does not parse';
  }
}

export async function pdfProblem(source: ByteSource): Promise<string | undefined> {
  if (!/^%PDF-\d\.\d$/.test(ascii(await bytesAt(source, 0, 8)))) return 'PDF: no header';
  const tailLength = Math.min(PDF_TAIL_BYTES, source.size);
  const tail = ascii(await bytesAt(source, source.size - tailLength, tailLength));
  if (!tail.includes('%%EOF')) return 'PDF: no end-of-file marker';
  if (source.size > PDF_MAX_BYTES) return 'PDF: larger than the contract allows';
  const bytes = await bytesAt(source, 0, source.size);
  if (bytes === undefined) return 'PDF: shorter than its size';
  const document = await loaded(bytes, { inflated: 0, objects: 0 });
  if (typeof document === 'string') return document;
  const { context } = document;
  const catalog = context.lookup(context.trailerInfo.Root);
  if (!(catalog instanceof PDFDict)) return 'PDF: no catalog';
  if (!reachesPage(context, catalog.get(PAGES))) return 'PDF: no pages';
  return undefined;
}
