/**
 * A calendar invitation (.ics) to attach to an email. A request names no time zone (see
 * `pickupInstant`), so its times are floating (RFC 5545: no Z, no TZID): 8:00 reads as 8:00 in
 * whatever zone the calendar is in, and both parties are at the pickup. METHOD:PUBLISH, not
 * REQUEST: we are not an organizer asking for answers.
 */
import { createEvent } from 'ics';
import type { DateArray, EventAttributes } from 'ics';
import type { EmailAttachment } from './email-kit';

export interface CalendarEvent {
  /** The same on every send of one event, so a calendar updates it instead of adding another. */
  uid: string;
  /** Raised when a sent event changes; a calendar keeps the highest. */
  sequence: number;
  summary: string;
  description: string;
  location?: string;
  /** YYYY-MM-DD. */
  date: string;
  startHour: number;
  endHour: number;
  fileName: string;
  productId: string;
  /** DTSTAMP: when this copy was made. */
  now: Date;
}

function localTime(date: string, hour: number): DateArray {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return [year, month, day, hour, 0];
}

export function calendarInvite(event: CalendarEvent): EmailAttachment {
  // `timestamp` (DTSTAMP) is read by ics but missing from its types.
  const attributes: EventAttributes & { timestamp: number } = {
    uid: event.uid,
    sequence: event.sequence,
    method: 'PUBLISH',
    productId: event.productId,
    title: event.summary,
    description: event.description,
    ...(event.location === undefined ? {} : { location: event.location }),
    start: localTime(event.date, event.startHour),
    startInputType: 'local',
    startOutputType: 'local',
    end: localTime(event.date, event.endHour),
    endInputType: 'local',
    endOutputType: 'local',
    timestamp: event.now.getTime(),
  };
  const { error, value } = createEvent(attributes);
  if (error !== null || value === null) throw error ?? new Error('ics made no calendar');
  return {
    fileName: event.fileName,
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: value,
  };
}
