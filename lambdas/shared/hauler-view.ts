// A hauler as the contract's views show it (HaulerProfileView, CoveredZipView): the hauler's own
// page and operations' review page read the same shapes from here.
import { coveredZips } from './coverage';
import type { Hauler } from './hauler-store';
import type { CoveredZipView, HaulerProfileView } from '#contract/hauler-api';

export function haulerProfileView(hauler: Hauler): HaulerProfileView {
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
    ...(hauler.licenceNumber === undefined ? {} : { licenceNumber: hauler.licenceNumber }),
    ...(hauler.insuranceExpiresOn === undefined
      ? {}
      : { insuranceExpiresOn: hauler.insuranceExpiresOn }),
    ...(hauler.pausedUntil === undefined ? {} : { pausedUntil: hauler.pausedUntil }),
    ...(hauler.pausedForInsurance === true ? { pausedForInsurance: true } : {}),
    appliedAt: hauler.appliedAt,
    ...(hauler.emailConfirmedAt === undefined ? {} : { emailConfirmedAt: hauler.emailConfirmedAt }),
    ...(hauler.approvedAt === undefined ? {} : { approvedAt: hauler.approvedAt }),
    ...(hauler.rejectionReason === undefined ? {} : { rejectionReason: hauler.rejectionReason }),
  };
}

/**
 * The ZIPs the hauler's base and radius reach, nearest first, with city and state: where they work
 * when taking jobs (a paused hauler sees what resuming brings back).
 */
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
