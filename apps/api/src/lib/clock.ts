/** Time as a dependency, so tests move it instead of sleeping. */
export interface Clock {
  now(): Date;
}

/** The UTC day of a moment, `YYYY-MM-DD`: what policy dates compare with. */
export const isoDay = (moment: Date): string => moment.toISOString().slice(0, 10);

export const systemClock: Clock = { now: () => new Date() };

export function fakeClock(start = new Date('2026-01-15T12:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}
