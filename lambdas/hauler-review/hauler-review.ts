/**
 * Operations' review of a hauler behind their signed "Review" link: the application with its
 * certificate (a short-lived presigned GET of the private copy), any renewal waiting, the
 * coverage, and the decision. An application whose email is not confirmed is never shown.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { checkDecision, decideHauler } from '../shared/haulers/hauler-decisions';
import type { HaulerDecisionDeps } from '../shared/haulers/hauler-decisions';
import { authoriseLink } from '../shared/auth/link-auth';
import type { Hauler } from '../shared/models/hauler-model';
import { coverageView, documentView, haulerProfileView } from '../shared/haulers/hauler-view';
import { apiError, invalidRequest, jsonResult } from '../shared/runtime/http';
import type { JsonResult } from '../shared/runtime/http';
import { invalidLinkResult, refusedLinkResult } from '../shared/auth/link-results';
import {
  haulerDecisionRequestSchema,
  tokenOnlyRequestSchema,
} from '#contract/haulers/hauler-api-schemas';
import type { HaulerReviewView } from '#contract/haulers/hauler-api';
import { HAULER_STATUS_MESSAGES } from '#contract/haulers/hauler-status';
import { LOOP_MESSAGES } from '#contract/loop/quote-loop';

export interface HaulerReviewDeps extends HaulerDecisionDeps {
  s3: S3Client;
  bucket: string;
}

export async function reviewView(
  hauler: Hauler,
  deps: HaulerReviewDeps,
): Promise<HaulerReviewView> {
  const { certificate, renewal } = hauler;
  const approved = hauler.status === 'active' || hauler.status === 'paused';
  return {
    hauler: haulerProfileView(hauler),
    ...(certificate.key === undefined || certificate.uploadedAt === undefined
      ? {}
      : {
          certificate: await documentView(deps, {
            ...certificate,
            key: certificate.key,
            uploadedAt: certificate.uploadedAt,
          }),
        }),
    ...(renewal === undefined ? {} : { renewal: await documentView(deps, renewal) }),
    coverage: await coverageView(hauler),
    can: {
      approve: hauler.status === 'pending-review',
      reject: hauler.status === 'pending-review',
      approveRenewal: approved && renewal !== undefined,
    },
  };
}

const badRequest = (issues: Parameters<typeof invalidRequest>[0]): JsonResult => {
  const { statusCode, body } = invalidRequest(issues);
  return jsonResult(statusCode, body);
};

export async function review(
  body: Record<string, unknown>,
  deps: HaulerReviewDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { operations: ['review'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = tokenOnlyRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  return jsonResult(200, { review: await reviewView(auth.hauler, deps) });
}

export async function decide(
  body: Record<string, unknown>,
  deps: HaulerReviewDeps,
): Promise<JsonResult> {
  const auth = await authoriseLink(body, deps, { operations: ['review'] });
  if (!auth.ok) return refusedLinkResult(auth);
  const parsed = haulerDecisionRequestSchema.safeParse(body);
  if (!parsed.success) return badRequest(parsed.error.issues);
  const checked = checkDecision(parsed.data, deps.now());
  if (!checked.ok) {
    return jsonResult(
      400,
      apiError('invalid_request', checked.message, { [checked.field]: checked.message }),
    );
  }
  const outcome = await decideHauler(deps, auth.hauler.haulerId, checked.decision);
  switch (outcome.kind) {
    case 'not-found':
      return invalidLinkResult();
    case 'conflict':
      return jsonResult(409, {
        ...apiError('conflict', HAULER_STATUS_MESSAGES.contended),
        review: await reviewView(outcome.hauler, deps),
      });
    case 'refused':
      return jsonResult(409, {
        ...apiError('conflict', outcome.message),
        review: await reviewView(outcome.hauler, deps),
      });
    case 'done': {
      const view = await reviewView(outcome.hauler, deps);
      if (outcome.email === 'failed') {
        return jsonResult(502, {
          ...apiError('email_failed', LOOP_MESSAGES.emailRetry),
          review: view,
        });
      }
      return jsonResult(200, { review: view });
    }
  }
}
