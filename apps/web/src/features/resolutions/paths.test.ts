import { describe, expect, it } from 'vitest';
import { bagResolutionPath, flightResolutionPath, passPath, resolutionsPaths } from './paths.ts';

describe('the resolution pages’ paths', () => {
  it('fills the pass route with the id, encoded', () => {
    expect(passPath('cccccccc-cccc-4ccc-8ccc-cccccccccccc')).toBe(
      '/resolution/pass/cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    );
    expect(passPath('a/b c')).toBe('/resolution/pass/a%2Fb%20c');
    expect(passPath('x').startsWith(resolutionsPaths.pass.split(':')[0]!)).toBe(true);
  });

  it("names one flight's options by trip and flight", () => {
    expect(flightResolutionPath('t 1', 'f&2')).toBe(
      '/resolution/select?category=flights&tripId=t+1&flightId=f%262',
    );
  });

  it("names one lost bag's options by the luggage category and the bag", () => {
    expect(bagResolutionPath('b/1')).toBe('/resolution/select?category=luggage&bagId=b%2F1');
  });
});
