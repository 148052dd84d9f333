import { normalizeMonitoredValue, type MonitoredDataType } from '@tern/domain';
import { sha256 } from '../../lib/secrets.ts';

/**
 * What a monitored value is kept as: the SHA-256 of its type and normalised form, which a
 * scan compares with breach records hashed the same way. The value itself is never stored.
 */
export function valueFingerprint(dataType: MonitoredDataType, value: string): string {
  return sha256(`${dataType}:${normalizeMonitoredValue(dataType, value)}`);
}
