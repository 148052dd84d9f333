import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { scannerPortSuite } from '../port-suite.ts';
import { EICAR } from '../port.ts';
import { EICAR_SIGNATURE, simulatedScanner } from './index.ts';

scannerPortSuite('simulator', async () => ({ port: simulatedScanner(), close: async () => {} }));

it('finds the EICAR string split across two chunks', async () => {
  const stream = Readable.from([
    Buffer.from(`abc${EICAR.slice(0, 30)}`),
    Buffer.from(EICAR.slice(30)),
  ]);
  expect(await simulatedScanner().scan(stream)).toEqual({
    clean: false,
    signature: EICAR_SIGNATURE,
  });
});
