import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRACING_STATES, type BagTracingPort, type TracingFile } from './port.ts';

/**
 * What every bag-tracing adapter must do, the simulator and a real tracing API's alike: run it
 * with `bagTracingPortSuite('worldtracer', async () => ({ port, close, file }))`, where `file`
 * is one the adapter may open (a test file for a real API) reported before now.
 */
export function bagTracingPortSuite(
  name: string,
  open: () => Promise<{ port: BagTracingPort; close: () => Promise<void>; file: TracingFile }>,
) {
  describe(`bag-tracing port: ${name}`, () => {
    let subject: Awaited<ReturnType<typeof open>>;
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it('opens a file and answers it as reported, at its station, from its report time', async () => {
      const { port, file } = subject;
      await port.open(file);
      const status = await port.status(file.pir);
      expect(status).toMatchObject({ pir: file.pir });
      expect(TRACING_STATES).toContain(status!.state);
      expect(status!.history[0]).toEqual({
        state: 'reported',
        at: new Date(file.reportedAt).toISOString(),
        station: file.station,
      });
      expect(status!.history.at(-1)!.state).toBe(status!.state);
      const times = status!.history.map((step) => Date.parse(step.at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('takes a file opened twice as one', async () => {
      const { port, file } = subject;
      await port.open({ ...file, colour: 'BK' });
      const status = await port.status(file.pir);
      expect(status!.history.filter((step) => step.state === 'reported')).toHaveLength(1);
    });

    it('knows no file it was never given', async () => {
      expect(await subject.port.status('ZZZZZ99999')).toBeNull();
    });
  });
}
