// GIF amounts: 18 decimals, bigint throughout (never `number`, which loses
// units past 2^53), decimal strings on the wire.

const DECIMALS = 18n;
const UNIT = 10n ** DECIMALS;
const MAX = (1n << 256n) - 1n;

/** Base units as GIF: `1500000000000000000n` → `"1.5"`; trailing zeros dropped. */
export function formatGif(units: bigint): string {
  if (typeof units !== 'bigint') throw new TypeError('formatGif takes a bigint of base units');
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / UNIT;
  const fraction = (abs % UNIT).toString().padStart(Number(DECIMALS), '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * GIF as base units: `"1.5"` → `1500000000000000000n`. Refuses, in words,
 * anything but plain decimal digits with at most 18 after the point, and
 * amounts past 2^256 − 1 units.
 */
export function parseGif(text: string): bigint {
  if (typeof text !== 'string') throw new TypeError('parseGif takes a string');
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(text.trim());
  if (!m) throw new RangeError(`"${text}" is not an amount of GIF (digits, and at most one point)`);
  const fraction = m[2] ?? '';
  if (fraction.length > Number(DECIMALS))
    throw new RangeError(`"${text}" has more than 18 decimals: GIF has 18`);
  const units = BigInt(m[1]!) * UNIT + BigInt(fraction.padEnd(Number(DECIMALS), '0') || '0');
  if (units > MAX) throw new RangeError(`"${text}" is more than any amount can hold (2^256 − 1 units)`);
  return units;
}

/** A decimal string of base units from the wire as a bigint. */
export function unitsOf(text: string | bigint): bigint {
  // Records carry bigint amounts since 0.2: taken as they are.
  if (typeof text === 'bigint' && text >= 0n) return text;
  if (typeof text !== 'string' || !/^(0|[1-9][0-9]*)$/.test(text))
    throw new TypeError(`"${text}" is not a decimal string of base units`);
  return BigInt(text);
}
