// Days people name, written YYYY-MM-DD: shifted and compared in UTC, never made an instant.

import { longDate, shortDate, utcParts } from './en-us-format';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD ('2026-02-30' is not). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The visitor's own calendar date (late evening in Hawaii is already tomorrow in UTC). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today in Hawaii (UTC−10), the last US zone to reach a new day: never anyone's tomorrow. */
export function usToday(now: Date): string {
  return utcToday(new Date(now.getTime() - 10 * 3_600_000));
}

export function formatPickupDate(date: string): string {
  return shortDate(utcParts(new Date(`${date}T00:00:00Z`)), { weekday: true });
}

export function formatLongDate(date: string): string {
  return longDate(utcParts(new Date(`${date}T00:00:00Z`)));
}
