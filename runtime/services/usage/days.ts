/** @module runtime/services/usage/days — UTC calendar days for the request counters ('2026-11-23'). */

const dayMs = 24 * 3600 * 1000;

/** The number of days a request counts for: the 30-day window (today and the 29 days before). */
export const WINDOW_DAYS = 30;

/** The UTC day of a moment, as 'YYYY-MM-DD'. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** the window of the last day asked for (every production call asks: 30 dates made once a day) */
let lastWindow: { day: number; days: readonly string[] } | undefined;

/** Today and the 29 days before it, today first. */
export function windowDays(nowMs: number): string[] {
  const day = Math.floor(nowMs / dayMs);
  if (lastWindow?.day !== day) lastWindow = { day, days: Array.from({ length: WINDOW_DAYS }, (_, i) => dayOf(nowMs - i * dayMs)) };
  return [...lastWindow.days];
}

/** Unix seconds at which a counter of the day of `nowMs` leaves the window: 30 days after that day ends. */
export function windowEndSeconds(nowMs: number): number {
  const startOfDay = Math.floor(nowMs / dayMs) * dayMs;
  return (startOfDay + (WINDOW_DAYS + 1) * dayMs) / 1000;
}
