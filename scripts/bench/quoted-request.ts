/**
 * What a homeowner opens from "View your request" once a quote has come: a lead stored in the
 * local stack's table as a booking stores it, quoted once through the real send-quote API (the
 * operations link), and the homeowner's signed view link to it. The pages section measures that
 * page with its content, not only the empty shell a link without a token shows.
 */
import { createLead } from '../../lambdas/shared/leads/lead-store';
import { linkUrl } from '../../lambdas/shared/links/signed-links';
import { bookedLead, linkToken, sendQuoteBody } from './load-bodies';
import { type LoadStack, serverLeadTable } from './load';
import { postJson } from './load-endpoints';
import { localLinkSecret } from '../local/link-secret';
import { API_PATHS } from '#contract/core/api';
import { paths } from '../../frontend/shared/paths';

/** The homeowner's link, as the email carries it: opening it reads the request, changes nothing. */
export async function quotedRequestLink(stack: LoadStack): Promise<string> {
  const leads = serverLeadTable(stack.dynamoEndpoint);
  try {
    const now = new Date();
    const secret = Buffer.from(localLinkSecret(stack.dataDir), 'utf8');
    const lead = bookedLead(stack.siteOrigin, `pages-${now.getTime().toString(36)}`, 0, now);
    const stored = await createLead(leads, lead);
    if (stored.outcome !== 'created') throw new Error(`lead ${lead.submissionId} already existed`);
    await postJson(stack.siteOrigin + API_PATHS.sendQuote, sendQuoteBody(secret, lead, now));
    const token = linkToken(secret, lead.submissionId, 'homeowner', 'view', now);
    // What the page will ask first: a link that does not open the quoted request would measure
    // the page's refusal instead.
    const view = await postJson<{ lead?: { status?: string } }>(stack.siteOrigin + API_PATHS.lead, {
      token,
    });
    if (view.lead?.status !== 'quoted') {
      throw new Error(`the homeowner's link opened ${JSON.stringify(view).slice(0, 200)}`);
    }
    return linkUrl(stack.siteOrigin, paths.request, token);
  } finally {
    leads.client.destroy();
  }
}
