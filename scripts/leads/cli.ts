/**
 * `npm run leads -- …`: the operator's command line over the lead table (decision 012). Against
 * the local stack of `npm start` by default (dynalite, s3rver, the generated link secret under
 * .local/), or a deployed stack with the standard AWS credential chain (`--stack NAME`, or
 * `--table/--bucket/--region`). See `npm run leads -- --help`.
 */
import { headlineQuote, storedQuotes } from '../../lambdas/shared/leads/lead-quotes';
import { listLeadsByStatus } from '../../lambdas/shared/leads/lead-store';
import type { Lead } from '../../lambdas/shared/models/lead-model';
import { linkClaims, linkUrl, signLink } from '../../lambdas/shared/links/signed-links';
import { leadsCsv } from './export';
import { findRequests } from './find-request';
import { forgetLead } from './forget';
import { jobLines, timelineLine } from './job';
import { confirmNoShow } from './no-show';
import { emailLine } from './emails';
import { dynamoOutbox } from '../../lambdas/shared/mail/outbox';
import type { OutboxItem } from '../../lambdas/shared/models/outbox-model';
import { offerLines } from './offers';
import { receiptLines } from './receipt';
import { type JobMoney, dollars, leadMoney, moneyLines } from './money/job-money';
import { parseAmount, refundJob } from './money/refund';
import { gatherEvidence } from './money/evidence';
import { writeFileSync } from 'node:fs';
import { USAGE, parseArgs } from './options';
import type { CliOptions } from './options';
import { target } from './target';
import type { Target } from './target';
import { LOOP_PAGE_PATHS } from '#contract/core/pages';
import { LEAD_STATUSES, formatPrice } from '#contract/loop/quote-loop';

const quoteOf = headlineQuote;

async function allLeads(t: Target, options: CliOptions): Promise<Lead[]> {
  const statuses = options.status === undefined ? LEAD_STATUSES : [options.status];
  const lists = await Promise.all(
    statuses.map((status) =>
      listLeadsByStatus(
        t.table,
        status,
        options.since === undefined ? {} : { since: options.since },
      ),
    ),
  );
  return lists.flat().sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
}

/** A reference, or a whole submission id; several leads sharing a reference are all returned. */
const find = (t: Target, ref: string): Promise<Lead[]> => findRequests(t.table, ref);

function printLead(
  lead: Lead,
  links: { quote: string; view: string } | undefined,
  owed: OutboxItem[],
  money: JobMoney[],
): void {
  const { request } = lead;
  const lines = [
    `${lead.reference}  ${lead.status}  (submission ${lead.submissionId})`,
    `  received   ${lead.receivedAt}`,
    `  homeowner  ${request.name} · ${request.phone} · ${request.email}`,
    `  location   ${request.city}, ${request.state} ${request.zipCode}`,
    `  media      ${request.videoUrl ?? request.photoUrls.join(' ')}`,
    `  details    ${request.description.replace(/\s+/g, ' ')}`,
    // Every quote, oldest first, with its state: live, accepted, declined or closed.
    ...storedQuotes(lead).map(
      (quote) =>
        `  quote #${quote.number}   ${formatPrice(quote.priceDollars)} · ${quote.pickupDate} ${quote.pickupWindow} · ${quote.hauler} (${quote.from}, ${quote.state})${quote.note ? ` · “${quote.note}”` : ''}`,
    ),
    ...offerLines(lead),
    ...jobLines(lead),
    ...receiptLines(lead),
    ...money.flatMap(moneyLines),
    timelineLine(lead),
    emailLine(lead, owed),
    ...(links === undefined
      ? []
      : [`  links      send a quote: ${links.quote}`, `             homeowner:    ${links.view}`]),
  ];
  console.log(lines.join('\n'));
}

async function run(options: CliOptions): Promise<void> {
  const t = target(options);
  console.error(`leads: ${t.where}`);
  switch (options.command) {
    case 'list': {
      const leads = await allLeads(t, options);
      for (const lead of leads) {
        const quote = quoteOf(lead);
        console.log(
          [
            lead.reference,
            lead.status.padEnd(9),
            lead.receivedAt.slice(0, 16).replace('T', ' '),
            `${lead.request.city}, ${lead.request.state}`.padEnd(24),
            lead.request.name.padEnd(20),
            quote === undefined ? '' : formatPrice(quote.priceDollars),
          ].join('  '),
        );
      }
      console.error(`${leads.length} request${leads.length === 1 ? '' : 's'}`);
      return;
    }
    case 'show': {
      const leads = await find(t, options.target!);
      if (leads.length === 0) throw new Error(`No request ${options.target}.`);
      const secret = await t.secret().catch(() => undefined);
      const now = new Date();
      for (const lead of leads) {
        const links =
          secret === undefined
            ? undefined
            : {
                quote: linkUrl(
                  t.siteUrl,
                  LOOP_PAGE_PATHS.operationsQuote,
                  signLink(linkClaims(lead.submissionId, 'operations', 'quote', now), secret),
                ),
                view: linkUrl(
                  t.siteUrl,
                  LOOP_PAGE_PATHS.request,
                  signLink(linkClaims(lead.submissionId, 'homeowner', 'view', now), secret),
                ),
              };
        const owed = await dynamoOutbox(t.table).owedBy({ kind: 'lead', id: lead.submissionId });
        printLead(lead, links, owed, await leadMoney(t.table, lead));
      }
      return;
    }
    case 'export': {
      const leads = await allLeads(t, options);
      process.stdout.write(leadsCsv(leads));
      console.error(`${leads.length} request${leads.length === 1 ? '' : 's'} exported`);
      return;
    }
    case 'forget': {
      const leads = await find(t, options.target!);
      if (leads.length === 0) throw new Error(`No request ${options.target}.`);
      if (leads.length > 1) {
        throw new Error(
          `${leads.length} requests share ${options.target}: forget one by its submission id (${leads.map((l) => l.submissionId).join(', ')}).`,
        );
      }
      const [lead] = leads as [Lead];
      if (!options.yes) {
        console.log(
          `Would delete request ${lead.reference} of ${lead.request.email} (submission ${lead.submissionId}): its lead item, upload batch, address window, media, job proof and archive. Add --yes to delete.`,
        );
        return;
      }
      // Table items, object versions, cached photos: docs/decisions/018-lead-data-protection.md.
      const report = await forgetLead(lead.submissionId, {
        leads: t.table,
        s3: t.s3,
        bucket: t.bucket,
        now: () => new Date(),
        ...(t.cloudfront === undefined ? {} : { cloudfront: t.cloudfront }),
      });
      console.log(
        `Deleted request ${lead.reference}: ${report.tableItems.length} items, ${report.objectVersions.length} object versions${report.invalidationId === undefined ? '' : `, CloudFront invalidation ${report.invalidationId}`}.`,
      );
      return;
    }
    case 'confirm-no-show': {
      if (t.sender === undefined)
        throw new Error('The stack names no sender address (SesIdentity).');
      const done = await confirmNoShow(
        {
          table: t.table,
          ses: t.ses,
          sender: t.sender,
          ...(t.operationsAddress === undefined ? {} : { operationsAddress: t.operationsAddress }),
          now: () => new Date(),
        },
        options.target!,
      );
      const { strike } = done;
      if (strike.outcome === 'refused' || strike.outcome === 'not-found') {
        throw new Error(
          `No-show report ${done.report} on ${done.reference} confirmed, but hauler ${done.haulerId} was not struck: ${strike.outcome === 'refused' ? strike.message : 'no such hauler'}`,
        );
      }
      console.log(
        `No-show report ${done.report} on ${done.reference} confirmed. Hauler ${done.haulerId}: strike ${strike.outcome}, now ${strike.hauler.status}; email ${strike.email}.`,
      );
      if (done.released) console.log('The hold on the card is released by the next money job.');
      if (strike.email === 'failed') process.exitCode = 1;
      return;
    }
    case 'refund': {
      if (t.sender === undefined)
        throw new Error('The stack names no sender address (SesIdentity).');
      const done = await refundJob(
        {
          table: t.table,
          provider: t.payments(),
          ses: t.ses,
          sender: t.sender,
          outbox: dynamoOutbox(t.table),
          ...(t.operationsAddress === undefined ? {} : { operationsAddress: t.operationsAddress }),
          now: () => new Date(),
        },
        options.target!,
        {
          reason: options.reason!,
          ...(options.amount === undefined ? {} : { amountCents: parseAmount(options.amount) }),
          ...(options.quote === undefined ? {} : { quote: options.quote }),
        },
      );
      const { refund } = done;
      const what = `Refund #${refund.number} of ${dollars(refund.amountCents)} on ${done.reference} (job ${done.jobId}, key ${refund.key})`;
      if (done.owed) {
        console.log(
          `${what}: asked of Stripe, no answer yet. Run the same command again: it sends this same refund (same key), never a second one.`,
        );
        process.exitCode = 1;
        return;
      }
      const told = Object.entries(done.emails)
        .map(([who, result]) => `${who} ${result}`)
        .join(', ');
      console.log(
        `${what}${done.kind === 'resent' ? ', finished from an earlier run' : ''}: ${refund.status} ${refund.refundId ?? ''}. ${dollars(done.leftCents)} left to refund. Emails: ${told || 'none'}.`,
      );
      if (Object.values(done.emails).includes('failed')) process.exitCode = 1;
      return;
    }
    case 'evidence': {
      const evidence = await gatherEvidence(
        {
          table: t.table,
          s3: t.s3,
          bucket: t.bucket,
          ...(options.submit ? { provider: t.payments() } : {}),
        },
        options.target!,
        { submit: options.submit },
      );
      if (options.out !== undefined) {
        writeFileSync(options.out, evidence.text, { mode: 0o600 });
        console.error(`Evidence for ${evidence.reference} written to ${options.out}.`);
      }
      process.stdout.write(evidence.text);
      if (evidence.submitted !== undefined) {
        console.log(
          `Submitted to Stripe as the evidence of dispute ${evidence.submitted.disputeId} (submission ${evidence.submitted.submissions}).`,
        );
      }
      return;
    }
    case 'rotate-secret':
      if (t.rotate === undefined) {
        throw new Error(
          'Locally the secret is .local/link-secret: delete it and restart npm start.',
        );
      }
      await t.rotate();
      console.log(
        'New link secret in place; links signed with the previous one work for 7 more days.',
      );
  }
}

const argv = process.argv.slice(2);
if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
  console.log(USAGE);
} else {
  try {
    await run(parseArgs(argv));
  } catch (error) {
    console.error(`leads: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
