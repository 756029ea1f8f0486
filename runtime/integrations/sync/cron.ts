/**
 * @module runtime/integrations/sync/cron — a data-source node's cron expression as spec 001 §5 reads it: the
 * last space-separated token is the time zone, the rest a Quartz expression (seconds minutes
 * hours day-of-month month day-of-week [year]; the default '0 0 00 ? * 1 * UTC' is Sunday
 * midnight UTC). It is checked and its times computed with cron-parser, the parser BullMQ's job
 * schedulers use, after converting what cron-parser does not take: Quartz numbers days of the
 * week 1 (Sunday) to 7, cron-parser 0 (Sunday) to 6; the year field is kept aside (BullMQ's
 * pattern has none) and checked against each run time. Quartz wants '?' in one of the two day
 * fields. Anything else refuses with exactly 'Invalid cron expression' (a user error).
 */
import { CronExpressionParser } from 'cron-parser';
import { ValidationError } from '../../services/domain-errors.ts';

export const INVALID_CRON = 'Invalid cron expression';

/** spec 001 §3, §9: the default (and weekly) schedule */
export const DEFAULT_SYNC_CRON = '0 0 00 ? * 1 * UTC';

export interface ParsedCron {
  /** the Quartz expression, as written (without the time zone) */
  expression: string;
  timeZone: string;
  /** the same schedule as cron-parser and BullMQ's `pattern` take it (6 fields, days 0–6) */
  pattern: string;
  /** the years it runs in (the Quartz year field); null: every year */
  years: YearMatch | null;
}

export type YearMatch = (year: number) => boolean;

const invalid = () => new ValidationError(INVALID_CRON, 'invalid_cron');
const FIRST_YEAR = 1970;
const LAST_YEAR = 2099;

/** A Quartz day-of-week field in cron-parser's numbering: each day number n (1–7) becomes n − 1; names, 'L' and '#' kept. */
export function quartzDaysOfWeek(field: string): string {
  return field
    .split(',')
    .map((part) => {
      const [range, step] = part.split('/');
      const nth = range.match(/^(\d+)#(\d+)$/);
      if (nth) return `${day(nth[1])}#${nth[2]}`;
      const last = range.match(/^(\d+)L$/);
      if (last) return `${day(last[1])}L`;
      const converted = range.replace(/\d+/g, (n) => String(day(n)));
      return step === undefined ? converted : `${converted}/${step}`;
    })
    .join(',');
}

function day(text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 7) throw invalid();
  return n - 1;
}

/** The Quartz year field (`*`, years, ranges, lists, steps, 1970–2099) as a predicate. */
function yearsOf(field: string): YearMatch | null {
  if (field === '*' || field === '?') return null;
  const parts = field.split(',').map((part) => {
    const match = part.match(/^(\*|\d{4})(?:-(\d{4}))?(?:\/(\d+))?$/);
    if (!match) throw invalid();
    const from = match[1] === '*' ? FIRST_YEAR : Number(match[1]);
    const to = match[2] ? Number(match[2]) : match[3] || match[1] === '*' ? LAST_YEAR : from;
    const step = match[3] ? Number(match[3]) : 1;
    if (from < FIRST_YEAR || to > LAST_YEAR || from > to || step < 1) throw invalid();
    return { from, to, step };
  });
  return (year) => parts.some(({ from, to, step }) => year >= from && year <= to && (year - from) % step === 0);
}

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** spec 001 §5: refuses with 'Invalid cron expression' (400) unless the text is a Quartz expression and a time zone. */
export function parseSyncCron(text: unknown): ParsedCron {
  if (typeof text !== 'string') throw invalid();
  const tokens = text.trim().split(/\s+/);
  const timeZone = tokens.pop() ?? '';
  if ((tokens.length !== 6 && tokens.length !== 7) || !validTimeZone(timeZone)) throw invalid();
  const [seconds, minutes, hours, dayOfMonth, month, dayOfWeek, year = '*'] = tokens;
  // Quartz: one of the two day fields is '?' (no specific value), never both
  if ((dayOfMonth === '?') === (dayOfWeek === '?')) throw invalid();
  const days = dayOfWeek === '?' ? '?' : quartzDaysOfWeek(dayOfWeek);
  const pattern = [seconds, minutes, hours, dayOfMonth, month, days].join(' ');
  const years = yearsOf(year);
  try {
    CronExpressionParser.parse(pattern, { tz: timeZone, strict: false }).next();
  } catch {
    throw invalid();
  }
  return { expression: tokens.join(' '), timeZone, pattern, years };
}

/** Whether a run at `at` (ms) falls in the expression's years, in its time zone. */
export function inCronYears(cron: ParsedCron, at: number): boolean {
  if (!cron.years) return true;
  const year = Number(new Intl.DateTimeFormat('en', { timeZone: cron.timeZone, year: 'numeric' }).format(at));
  return cron.years(year);
}

/** The next `count` run times (ms) strictly after `from`; fewer when the years run out. */
export function nextCronRuns(cron: ParsedCron, from: number, count = 1): number[] {
  const times = CronExpressionParser.parse(cron.pattern, { tz: cron.timeZone, currentDate: new Date(from), strict: false });
  const found: number[] = [];
  // a year field may skip whole years: at most ~130 years of candidates are looked at
  for (let looked = 0; found.length < count && looked < 100_000 && times.hasNext(); looked++) {
    const at = times.next().getTime();
    if (new Date(at).getUTCFullYear() > LAST_YEAR + 1) break;
    if (inCronYears(cron, at)) found.push(at);
  }
  return found;
}
