import { HONEYPOT_FIELD } from '#contract/booking/booking';
import { validateHaulerApplicationFields } from '#contract/haulers/hauler-schemas';
import type { HaulerApplicationField } from '#contract/haulers/hauler-schemas';
import type { ServiceRadiusMiles, Truck } from '#contract/haulers/haulers';

/** What the form holds: strings as typed, the file itself, the box ticked or not. */
export interface ApplicationValues {
  businessName: string;
  name: string;
  email: string;
  phone: string;
  baseZipCode: string;
  serviceRadiusMiles: '' | `${ServiceRadiusMiles}`;
  truck: '' | Truck;
  licenceNumber: string;
  insuranceCertificate: File | null;
  agreement: boolean;
  [HONEYPOT_FIELD]: string;
}

export type ApplicationErrors = Partial<Record<HaulerApplicationField, string>>;

export function emptyApplication(): ApplicationValues {
  return {
    businessName: '',
    name: '',
    email: '',
    phone: '',
    baseZipCode: '',
    serviceRadiusMiles: '',
    truck: '',
    licenceNumber: '',
    insuranceCertificate: null,
    agreement: false,
    [HONEYPOT_FIELD]: '',
  };
}

/** The certificate as the contract declares it: its type and size, never its bytes. */
export function declaredCertificate(file: File | null) {
  return file === null ? undefined : { contentType: file.type, size: file.size };
}

/**
 * The body the function takes, given the attempt's id; an empty licence number is left out. Sent
 * once `validateApplication` passes; the function checks it again with the same schema.
 */
export function applicationRequest(
  values: ApplicationValues,
  applicationId: string,
): Record<string, unknown> {
  const { licenceNumber, serviceRadiusMiles, truck, insuranceCertificate } = values;
  return {
    applicationId,
    businessName: values.businessName,
    name: values.name,
    email: values.email,
    phone: values.phone,
    baseZipCode: values.baseZipCode,
    serviceRadiusMiles: Number(serviceRadiusMiles),
    truck,
    ...(licenceNumber.trim() === '' ? {} : { licenceNumber }),
    insuranceCertificate: declaredCertificate(insuranceCertificate),
    agreement: values.agreement,
    ...(values[HONEYPOT_FIELD] === '' ? {} : { [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] }),
  };
}

/** The contract's first message per field, the same rules the function applies. */
export function validateApplication(values: ApplicationValues): ApplicationErrors {
  return validateHaulerApplicationFields({
    ...values,
    serviceRadiusMiles:
      values.serviceRadiusMiles === '' ? undefined : Number(values.serviceRadiusMiles),
    truck: values.truck === '' ? undefined : values.truck,
    insuranceCertificate: declaredCertificate(values.insuranceCertificate),
  });
}
