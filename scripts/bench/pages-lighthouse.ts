/**
 * Reading one Lighthouse result (section 1, scripts/bench/pages.ts): its figures, the LCP's
 * phases, where the main thread went, the audits that failed and the emulation it used.
 */
import type { Result } from 'lighthouse';
import type { Trace } from 'lighthouse/types/artifacts.js';
import { mainThreadCpuMs } from './main-thread-cpu';

export interface PageMetrics {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Transfer sizes (compressed, headers included) from Lighthouse's resource-summary audit. */
  jsBytes: number;
  totalBytes: number;
  /** Requests the page made (resource-summary's total row): the cost model's requests per view. */
  totalRequests: number;
  /** Main-thread work (mainthread-work-breakdown) and script time (bootup-time), both at 4x. */
  mainThreadMs: number;
  /** The same tasks' CPU time at 4x (main-thread-cpu.ts): what the load average barely moves. */
  mainThreadCpuMs: number;
  bootupMs: number;
}

/** Lighthouse's simulated LCP, split into phases: where the time to the largest paint goes. */
export interface LcpBreakdown {
  /** e.g. "img hero-960.avif" or "h1 Nationwide Bulk Trash Pickup". */
  element: string;
  /** Phase label (TTFB, Load Delay, Load Time, Render Delay) → ms; text elements have no load. */
  phases: Record<string, number>;
}

/** Main-thread work by Lighthouse's task group ("Script Evaluation", "Other", ...) → ms at 4x. */
export type MainThreadBreakdown = Record<string, number>;
/** The emulation Lighthouse reports it used, printed with the table so the numbers can be read. */
export interface LighthouseSettings {
  version: string;
  formFactor: string;
  screen: string;
  throttlingMethod: string;
  rttMs: number;
  throughputKbps: number;
  cpuSlowdownMultiplier: number;
}
function score(lhr: Result, category: string): number {
  const value = lhr.categories[category]?.score;
  if (value == null) throw new Error(`${lhr.finalDisplayedUrl}: no ${category} score`);
  return Math.round(value * 100);
}

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`${lhr.finalDisplayedUrl}: no ${audit} value`);
  return value;
}

function resourceSummary(
  lhr: Result,
  resourceType: 'script' | 'total',
  field: 'transferSize' | 'requestCount',
): number {
  const details = lhr.audits['resource-summary']?.details;
  const items = details?.type === 'table' ? details.items : [];
  const value = items.find((item) => item.resourceType === resourceType)?.[field];
  if (typeof value !== 'number') {
    throw new Error(`${lhr.finalDisplayedUrl}: no ${resourceType} ${field}`);
  }
  return value;
}

export function metrics(lhr: Result, trace: Trace): PageMetrics {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    seo: score(lhr, 'seo'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    jsBytes: resourceSummary(lhr, 'script', 'transferSize'),
    totalBytes: resourceSummary(lhr, 'total', 'transferSize'),
    totalRequests: resourceSummary(lhr, 'total', 'requestCount'),
    mainThreadMs: numeric(lhr, 'mainthread-work-breakdown'),
    bootupMs: numeric(lhr, 'bootup-time'),
    mainThreadCpuMs: mainThreadCpuMs(
      trace,
      lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 1,
    ),
  };
}

export function mainThreadBreakdown(lhr: Result): MainThreadBreakdown {
  const details = lhr.audits['mainthread-work-breakdown']?.details;
  const breakdown: MainThreadBreakdown = {};
  for (const item of details?.type === 'table' ? details.items : []) {
    if (typeof item.groupLabel === 'string' && typeof item.duration === 'number') {
      breakdown[item.groupLabel] = item.duration;
    }
  }
  return breakdown;
}

/**
 * The audits that keep a category below 100, with what they found (the console error, the kind of
 * DevTools issue), so a failing budget points at its cause.
 */
export function failingAudits(lhr: Result): string[] {
  const failing: string[] = [];
  for (const category of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight === 0 || audit?.score == null || audit.score >= 1) continue;
      const items = audit.details?.type === 'table' ? audit.details.items : [];
      const found = items
        .map((item) => item.issueType ?? item.description)
        .filter((text): text is string => typeof text === 'string')
        .map((text) => text.slice(0, 120));
      failing.push(`${category}: ${audit.title}${found.length ? ` (${found.join('; ')})` : ''}`);
    }
  }
  return failing;
}

/** Reads the largest-contentful-paint-element audit: the element, then a table of phases. */
export function lcpBreakdown(lhr: Result): LcpBreakdown {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  const [elementTable, phaseTable] = details?.type === 'list' ? details.items : [];
  const node = elementTable?.type === 'table' ? elementTable.items[0]?.node : undefined;
  let element = 'unknown';
  if (node && typeof node === 'object' && 'snippet' in node) {
    const tag = /^<(\w+)/.exec(node.snippet ?? '')?.[1] ?? '';
    const src = /\ssrc="([^"]+)"/.exec(node.snippet ?? '')?.[1];
    element = `${tag} ${src ? src.split('/').pop() : (node.nodeLabel ?? '').slice(0, 40)}`;
  }
  const phases: Record<string, number> = {};
  for (const row of phaseTable?.type === 'table' ? phaseTable.items : []) {
    if (typeof row.phase === 'string' && typeof row.timing === 'number') {
      phases[row.phase] = row.timing;
    }
  }
  return { element, phases };
}

export function settingsOf(lhr: Result): LighthouseSettings {
  const { formFactor, screenEmulation, throttlingMethod, throttling } = lhr.configSettings;
  return {
    version: lhr.lighthouseVersion,
    formFactor,
    screen: `${screenEmulation.width}x${screenEmulation.height} @${screenEmulation.deviceScaleFactor}x`,
    throttlingMethod,
    rttMs: throttling.rttMs ?? 0,
    throughputKbps: throttling.throughputKbps ?? 0,
    cpuSlowdownMultiplier: throttling.cpuSlowdownMultiplier ?? 1,
  };
}
