import { describe, expect, it } from 'vitest';
import { pointsAlong, tokenKeyframes, type Bezier } from './token-path.ts';

describe('token path', () => {
  const curve: Bezier = [{ x: 0, y: 0 }, { x: 90, y: 0 }, { x: 210, y: 160 }, { x: 300, y: 160 }];

  it('starts and ends at the ends of the curve, equally far apart along it', () => {
    const points = pointsAlong(curve, 12);
    expect(points).toHaveLength(13);
    expect(points[0]).toEqual({ x: 0, y: 0 });
    expect(points[12].x).toBeCloseTo(300, 5);
    expect(points[12].y).toBeCloseTo(160, 5);
    const gaps = points.slice(1).map((p, i) => Math.hypot(p.x - points[i].x, p.y - points[i].y));
    for (const gap of gaps) expect(Math.abs(gap - gaps[0])).toBeLessThan(0.5);
  });

  it('follows a straight edge along its line', () => {
    const straight: Bezier = [{ x: 10, y: 50 }, { x: 40, y: 50 }, { x: 70, y: 50 }, { x: 100, y: 50 }];
    for (const p of pointsAlong(straight, 8)) expect(p.y).toBe(50);
    expect(pointsAlong(straight, 2)[1].x).toBeCloseTo(55, 5);
  });

  it('centres the token on each point', () => {
    const frames = tokenKeyframes(curve);
    expect(frames[0]).toEqual({ transform: 'translate(0px, 0px) translate(-50%, -50%)' });
    expect(frames.at(-1)).toEqual({ transform: 'translate(300px, 160px) translate(-50%, -50%)' });
  });
});
