/** A calendar invitation read back with a maintained parser (ical.js), as a calendar would. */
import ICAL from 'ical.js';

export interface ParsedInvite {
  method: string | undefined;
  events: number;
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  location: string;
  /** `2026-11-24T08:00:00`: no Z, and no TZID parameter, when the time is floating. */
  start: string;
  end: string;
  floating: boolean;
}

export function parseInvite(ics: string): ParsedInvite {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevents = calendar.getAllSubcomponents('vevent');
  const event = new ICAL.Event(vevents[0]);
  const edges = ['dtstart', 'dtend'].map((name) => vevents[0]!.getFirstProperty(name)!);
  const floating = edges.every(
    (edge) =>
      edge.getParameter('tzid') === undefined &&
      (edge.getFirstValue() as ICAL.Time).zone === ICAL.Timezone.localTimezone,
  );
  return {
    method: calendar.getFirstPropertyValue('method')?.toString(),
    events: vevents.length,
    uid: event.uid,
    sequence: event.sequence,
    summary: event.summary,
    description: event.description,
    location: event.location,
    start: event.startDate.toString(),
    end: event.endDate.toString(),
    floating,
  };
}
