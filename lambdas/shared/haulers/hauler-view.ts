// What the hauler pages are shown of a stored hauler: the contract's views, nothing more (no
// version, link version, history or storage keys).
import { GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { coveredZips } from './coverage';
import type { Hauler, StoredDocument } from '../models/hauler-model';
import { HAULER_COUNTED_LIMITS } from '#contract/haulers/hauler-api';
import type {
  CertificateView,
  CoveredZipView,
  HaulerProfileView,
} from '#contract/haulers/hauler-api';

export function haulerProfileView(hauler: Hauler): HaulerProfileView {
  const optional = <K extends keyof HaulerProfileView>(key: K, value: HaulerProfileView[K]) =>
    value === undefined ? {} : { [key]: value };
  return {
    haulerId: hauler.haulerId,
    status: hauler.status,
    businessName: hauler.businessName,
    name: hauler.name,
    email: hauler.email,
    phone: hauler.phone,
    baseZipCode: hauler.baseZipCode,
    serviceRadiusMiles: hauler.serviceRadiusMiles,
    truck: hauler.truck,
    ...optional('licenceNumber', hauler.licenceNumber),
    ...optional('insuranceExpiresOn', hauler.insuranceExpiresOn),
    ...optional('pausedUntil', hauler.pausedUntil),
    ...optional('pausedForInsurance', hauler.pausedForInsurance === true ? true : undefined),
    ...optional('pausedForStrike', hauler.pausedForStrike === true ? true : undefined),
    appliedAt: hauler.appliedAt,
    ...optional('emailConfirmedAt', hauler.emailConfirmedAt),
    ...optional('approvedAt', hauler.approvedAt),
    ...optional('rejectionReason', hauler.rejectionReason),
  };
}

/** The ZIPs within the hauler's radius of their base, nearest first, with city and state. */
export async function coverageView(
  hauler: Pick<Hauler, 'baseZipCode' | 'serviceRadiusMiles'>,
): Promise<CoveredZipView[]> {
  const zips = await coveredZips(hauler.baseZipCode, hauler.serviceRadiusMiles);
  return zips.map(({ zipCode, city, state, distanceMiles }) => ({
    zipCode,
    city,
    state,
    miles: distanceMiles,
  }));
}

/** Readable for `certificateGetSeconds`, shown in the browser rather than downloaded. */
export async function documentView(
  deps: { s3: S3Client; bucket: string },
  document: StoredDocument,
): Promise<CertificateView> {
  const url = await getSignedUrl(
    deps.s3,
    new GetObjectCommand({
      Bucket: deps.bucket,
      Key: document.key,
      ResponseContentDisposition: 'inline',
      ResponseContentType: document.contentType,
    }),
    { expiresIn: HAULER_COUNTED_LIMITS.certificateGetSeconds },
  );
  return {
    url,
    contentType: document.contentType,
    size: document.size,
    uploadedAt: document.uploadedAt,
  };
}
