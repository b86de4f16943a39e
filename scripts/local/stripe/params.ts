/**
 * Stripe's request parameters: form-encoded with bracket notation (`transfer_data[destination]`,
 * `expand[0]`), every value a string, as the SDK sends them in a POST body or a GET query.
 */
import qs from 'qs';
import { missingParam, paramError } from './errors';

export type Params = Record<string, unknown>;

export function parseParams(text: string): Params {
  // The SDK numbers arrays (`expand[0]`); qs's default limit of 20 would turn longer ones into objects.
  return qs.parse(text, { arrayLimit: 100, depth: 5, allowDots: false }) as Params;
}

/** Stripe refuses a parameter it does not know, which catches a misspelt one early. */
export function refuseUnknown(params: Params, allowed: readonly string[]): void {
  for (const name of Object.keys(params)) {
    if (name !== 'expand' && !allowed.includes(name)) {
      throw paramError(`Received unknown parameter: ${name}`, name, 'parameter_unknown');
    }
  }
}

/** A value inside nested parameters: `at(params, 'transfer_data', 'destination')`. */
export function at(params: Params, ...path: string[]): unknown {
  let value: unknown = params;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Params)[key];
  }
  return value;
}

const label = (path: string[]) =>
  path[0] +
  path
    .slice(1)
    .map((p) => `[${p}]`)
    .join('');

export function text(params: Params, path: string[], required: true): string;
export function text(params: Params, path: string[], required?: false): string | undefined;
export function text(params: Params, path: string[], required = false): string | undefined {
  const value = at(params, ...path);
  if (value === undefined || value === '') {
    if (required) throw missingParam(label(path));
    return undefined;
  }
  if (typeof value !== 'string') throw paramError(`Invalid string: ${label(path)}`, label(path));
  return value;
}

export function integer(params: Params, path: string[], required: true): number;
export function integer(params: Params, path: string[], required?: false): number | undefined;
export function integer(params: Params, path: string[], required = false): number | undefined {
  const value = text(params, path, required as false);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw paramError(`Invalid integer: ${value}`, label(path), 'parameter_invalid_integer');
  }
  return Number(value);
}

export function boolean(params: Params, path: string[]): boolean | undefined {
  const value = text(params, path);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false') {
    throw paramError(`Invalid boolean: ${value}`, label(path));
  }
  return value === 'true';
}

export function oneOf<T extends string>(
  params: Params,
  path: string[],
  values: readonly T[],
): T | undefined {
  const value = text(params, path);
  if (value === undefined) return undefined;
  if (!(values as readonly string[]).includes(value)) {
    throw paramError(
      `Invalid ${label(path)}: must be one of ${values.join(', ')}`,
      label(path),
      'parameter_invalid_string',
    );
  }
  return value as T;
}

/** Stripe's metadata rules: at most 50 keys of 40 characters, values of 500, strings only. */
export function metadata(params: Params): Record<string, string> | undefined {
  const value = params.metadata;
  if (value === undefined || value === '') return value === '' ? {} : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw paramError('Invalid metadata: must be a hash', 'metadata');
  }
  const entries = Object.entries(value as Params);
  if (entries.length > 50) throw paramError('Metadata may have at most 50 keys', 'metadata');
  for (const [key, item] of entries) {
    if (typeof item !== 'string' || key.length > 40 || item.length > 500) {
      throw paramError(`Invalid metadata value for key ${key}`, `metadata[${key}]`);
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Metadata on an update: keys are merged, and an empty value removes its key, as in Stripe. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | undefined,
): Record<string, string> {
  if (update === undefined) return current;
  const merged = { ...current, ...update };
  for (const [key, value] of Object.entries(update)) if (value === '') delete merged[key];
  return merged;
}

export function expandPaths(params: Params): string[] {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((item): item is string => typeof item === 'string')) {
    throw paramError('Invalid expand: must be a list of strings', 'expand');
  }
  return list;
}
