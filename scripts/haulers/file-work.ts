/**
 * `npm run haulers -- file-work`: the one-off backfill of decision 052. Offers and quotes made
 * before the hauler's home page have no pointer in the hauler's partition, so the page would miss
 * them; this files the pointers each lead would have filed (workPointersOf). It Scans the table
 * for LEAD items a page at a time: acceptable for an operator's one-off command, never for a page.
 * Pointers are plain Puts of the same keys, so running it again changes nothing.
 */
import { fileOffer, fileQuote } from '../../lambdas/shared/hauler-work/work-store';
import { workPointersOf } from '../../lambdas/shared/hauler-work/work-pointers';
import { parseLead } from '../../lambdas/shared/models/lead-model';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { scanItems } from '../../lambdas/shared/runtime/paged-query';
import { leadKey } from '../../lambdas/shared/runtime/table-handle';
import type { LeadTable } from '../../lambdas/shared/runtime/table-handle';
import { KEY_PREFIXES } from '#contract/core/table-keys';

const SCAN_PAGE = 1000;

export interface FileWorkReport {
  leadsRead: number;
  /** Lead items the model could not read: skipped (parseLead logs each). */
  unreadable: number;
  offerPointers: number;
  quotePointers: number;
}

export async function fileWork(table: LeadTable, now: Date): Promise<FileWorkReport> {
  const report: FileWorkReport = {
    leadsRead: 0,
    unreadable: 0,
    offerPointers: 0,
    quotePointers: 0,
  };
  const items = scanItems(table, {
    Limit: SCAN_PAGE,
    FilterExpression: 'begins_with(pk, :lead) AND sk = :sk',
    ExpressionAttributeValues: { ':lead': KEY_PREFIXES.lead, ':sk': leadKey('').sk },
  });
  for await (const item of items) {
    report.leadsRead += 1;
    let lead: Lead;
    try {
      lead = parseLead(item);
    } catch {
      report.unreadable += 1;
      continue;
    }
    for (const pointer of workPointersOf(lead, now)) {
      if (pointer.kind === 'offer') {
        await fileOffer(table, pointer.haulerId, pointer.submissionId, pointer.endsAt);
        report.offerPointers += 1;
      } else {
        await fileQuote(table, pointer.haulerId, pointer.submissionId, pointer.pickupDate);
        report.quotePointers += 1;
      }
    }
  }
  return report;
}
