import { describe, expect, it } from 'vitest';
import { csvField, parseArgs, parseSince, toCsv } from './options';

const NOW = new Date('2026-11-23T12:00:00Z');

describe('npm run leads arguments', () => {
  it('reads list with a status and a since', () => {
    expect(parseArgs(['list', '--status', 'quoted', '--since', '7d'], NOW)).toMatchObject({
      command: 'list',
      status: 'quoted',
      since: new Date('2026-11-16T12:00:00Z'),
    });
  });

  it('reads show and forget with their reference, and the deployed-stack options', () => {
    expect(
      parseArgs(['show', '3F2A9C1B', '--stack', 'BulkTrash', '--region', 'us-east-1']),
    ).toMatchObject({
      command: 'show',
      target: '3F2A9C1B',
      stack: 'BulkTrash',
      region: 'us-east-1',
    });
    expect(parseArgs(['forget', '3F2A9C1B', '--yes'])).toMatchObject({
      target: '3F2A9C1B',
      yes: true,
    });
  });

  it.each([
    [['nope'], /Unknown command/],
    [['list', '--status', 'lost'], /--status is one of/],
    [['list', '--since', 'last tuesday'], /--since takes/],
    [['show'], /show needs a reference/],
    [['export'], /export needs --csv/],
    [['list', '--table'], /--table needs a value/],
  ])('refuses %j with a sentence', (argv, message) => {
    expect(() => parseArgs(argv, NOW)).toThrow(message);
  });

  it('takes hours, minutes and dates for --since', () => {
    expect(parseSince('24h', NOW)).toEqual(new Date('2026-11-22T12:00:00Z'));
    expect(parseSince('30m', NOW)).toEqual(new Date('2026-11-23T11:30:00Z'));
    expect(parseSince('2026-11-01', NOW)).toEqual(new Date('2026-11-01T00:00:00Z'));
  });
});

describe('CSV export', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a, "b"\nc')).toBe('"a, ""b""\nc"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });

  it('writes a header and one CRLF line per row', () => {
    expect(toCsv(['a', 'b'], [[1, undefined]])).toBe('a,b\r\n1,\r\n');
  });
});
