import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_CRON, INVALID_CRON, nextCronRuns, parseSyncCron, quartzDaysOfWeek } from './cron.ts';

// Saturday 28 November 2026, noon UTC
const NOON = Date.parse('2026-11-28T12:00:00Z');
const iso = (times: number[]) => times.map((t) => new Date(t).toISOString());

describe('sync cron expressions (spec 001 §5)', () => {
  it('reads the default as Sunday midnight UTC, the time zone being the last token', () => {
    const cron = parseSyncCron(DEFAULT_SYNC_CRON);
    expect(cron).toMatchObject({ expression: '0 0 00 ? * 1 *', timeZone: 'UTC', pattern: '0 0 00 ? * 0' });
    expect(iso(nextCronRuns(cron, NOON, 2))).toEqual(['2026-11-29T00:00:00.000Z', '2026-12-06T00:00:00.000Z']);
  });

  it('computes run times in the expression’s own zone', () => {
    // Monday (Quartz 2) 09:30 in Paris (UTC+1 in winter) and in New York (UTC−5)
    expect(iso(nextCronRuns(parseSyncCron('0 30 9 ? * 2 Europe/Paris'), NOON))).toEqual(['2026-11-30T08:30:00.000Z']);
    expect(iso(nextCronRuns(parseSyncCron('0 30 9 ? * MON America/New_York'), NOON))).toEqual(['2026-11-30T14:30:00.000Z']);
    // every 15 minutes, six fields without a year, Kolkata's half-hour offset
    expect(iso(nextCronRuns(parseSyncCron('0 0/15 * * * ? Asia/Kolkata'), NOON, 2))).toEqual(['2026-11-28T12:15:00.000Z', '2026-11-28T12:30:00.000Z']);
    // the first of every month at 06:00 Tokyo time
    expect(iso(nextCronRuns(parseSyncCron('0 0 6 1 * ? Asia/Tokyo'), NOON))).toEqual(['2026-11-30T21:00:00.000Z']);
  });

  it('converts Quartz days of the week (1 = Sunday … 7 = Saturday), ranges, lists, nth and last', () => {
    expect(quartzDaysOfWeek('1')).toBe('0');
    expect(quartzDaysOfWeek('2-6')).toBe('1-5');
    expect(quartzDaysOfWeek('1,7')).toBe('0,6');
    expect(quartzDaysOfWeek('2#1')).toBe('1#1');
    expect(quartzDaysOfWeek('6L')).toBe('5L');
    expect(quartzDaysOfWeek('MON-FRI')).toBe('MON-FRI');
    // weekdays at 08:00 UTC from Saturday noon: Monday is next
    expect(iso(nextCronRuns(parseSyncCron('0 0 8 ? * 2-6 UTC'), NOON))).toEqual(['2026-11-30T08:00:00.000Z']);
    // the first Monday of the month
    expect(iso(nextCronRuns(parseSyncCron('0 0 8 ? * 2#1 UTC'), NOON))).toEqual(['2026-12-07T08:00:00.000Z']);
  });

  it('keeps to the year field', () => {
    expect(iso(nextCronRuns(parseSyncCron('0 0 0 1 1 ? 2028 UTC'), NOON, 2))).toEqual(['2028-01-01T00:00:00.000Z']);
    expect(iso(nextCronRuns(parseSyncCron('0 0 0 1 1 ? 2027/2 UTC'), NOON, 2))).toEqual(['2027-01-01T00:00:00.000Z', '2029-01-01T00:00:00.000Z']);
    expect(nextCronRuns(parseSyncCron('0 0 0 1 1 ? 2020 UTC'), NOON)).toEqual([]);
  });

  it.each([
    '',
    'UTC',
    '0 0 0 ? * 1',
    '0 0 0 ? * 1 * Mars/Olympus',
    '0 0 25 ? * 1 UTC',
    '0 0 0 ? * 8 UTC',
    '0 0 0 ? * 0 UTC',
    '0 0 0 * * 1 UTC',
    '0 0 0 ? * ? UTC',
    '0 0 0 ? * 1 1969 UTC',
    '0 0 0 ? * 1 soon UTC',
    'x 0 0 ? * 1 UTC',
    '0 0 0 ? * 1 * * UTC',
    '0 0 * * *',
  ])('refuses %j with the spec’s text', (text) => {
    expect(() => parseSyncCron(text)).toThrow(expect.objectContaining({ name: 'ValidationError', kind: 'user', message: INVALID_CRON }));
  });

  it('refuses what is not text', () => {
    expect(() => parseSyncCron(undefined)).toThrow(INVALID_CRON);
    expect(() => parseSyncCron(7)).toThrow(INVALID_CRON);
  });
});
