/**
 * @module editor/canvas/token-path — where a token is along its edge's curve, as keyframes of a
 * transform. The browser's compositor animates a transform without the page's main thread;
 * Chromium runs a CSS offset-path animation (used before) on the main thread: a restyle and a
 * repaint every frame while any token moves.
 */
import type { Point } from './socket-positions.ts';

/** a cubic Bézier curve: start, two control points, end */
export type Bezier = [Point, Point, Point, Point];

/** enough keyframes that the straight steps between them follow the curve within a pixel or so */
const KEYFRAMES = 24;
/** the curve is measured in this many straight steps */
const STEPS = 96;

function at([p0, p1, p2, p3]: Bezier, t: number): Point {
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return { x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y };
}

/** `count + 1` points along the curve, equally far apart along it (first and last at its ends). */
export function pointsAlong(curve: Bezier, count = KEYFRAMES): Point[] {
  const samples = Array.from({ length: STEPS + 1 }, (_, i) => at(curve, i / STEPS));
  const lengths = [0];
  for (let i = 1; i < samples.length; i++) lengths.push(lengths[i - 1] + Math.hypot(samples[i].x - samples[i - 1].x, samples[i].y - samples[i - 1].y));
  const total = lengths[STEPS];
  const points: Point[] = [];
  let step = 1;
  for (let k = 0; k <= count; k++) {
    const wanted = (total * k) / count;
    while (step < STEPS && lengths[step] < wanted) step++;
    const span = lengths[step] - lengths[step - 1];
    const f = span > 0 ? Math.min(1, Math.max(0, (wanted - lengths[step - 1]) / span)) : 0;
    const [a, b] = [samples[step - 1], samples[step]];
    points.push({ x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f });
  }
  return points;
}

/** Keyframes moving an element's centre along the curve at an even speed (the animation's easing shapes it). */
export function tokenKeyframes(curve: Bezier): Keyframe[] {
  const round = (n: number) => Math.round(n * 10) / 10;
  return pointsAlong(curve).map((p) => ({ transform: `translate(${round(p.x)}px, ${round(p.y)}px) translate(-50%, -50%)` }));
}
