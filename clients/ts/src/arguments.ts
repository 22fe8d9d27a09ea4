// The arguments of the calls, checked before any request: what is not a
// slug, token id, address, hash or height is an InvalidArgumentError that
// names it, never a node's 400, a verdict ("malformed") or a RangeError
// from deep inside.
import { isValidSlug } from './commitments.js';
import { InvalidArgumentError } from './errors.js';

const HEX = /^0[xX][0-9a-fA-F]*$/;

function show(value: unknown): string {
  return typeof value === 'string' ? `"${value}"` : typeof value === 'bigint' ? `${value}n` : String(value);
}

export function checkSlug(slug: unknown, argument = 'slug'): string {
  if (typeof slug !== 'string' || !isValidSlug(slug))
    throw new InvalidArgumentError(argument, `${argument}: ${show(slug)} is not a collection slug (a-z, 0-9 and -, up to 64, not starting with -)`);
  return slug;
}

/** A whole number from 0 to 2^53 - 1 (a token id, a height, a count). */
export function checkWhole(value: unknown, argument: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new InvalidArgumentError(argument, `${argument}: ${show(value)} is not a whole number, 0 or more`);
  return value;
}

export function checkTokenId(tokenId: unknown): number {
  return checkWhole(tokenId, 'tokenId');
}

/** An optional height: undefined (the head) or a whole number. */
export function checkHeight(height: unknown, argument = 'height'): number | undefined {
  return height === undefined ? undefined : checkWhole(height, argument);
}

function checkHex(value: unknown, bytes: number, argument: string, what: string): `0x${string}` {
  if (typeof value !== 'string' || value.length !== 2 + 2 * bytes || !HEX.test(value))
    throw new InvalidArgumentError(argument, `${argument}: ${show(value)} is not ${what} (0x and ${2 * bytes} hex digits)`);
  return `0x${value.slice(2)}`;
}

export function checkAddress(address: unknown, argument = 'address'): `0x${string}` {
  return checkHex(address, 20, argument, 'an address');
}

export function checkHash(hash: unknown, argument = 'hash'): `0x${string}` {
  return checkHex(hash, 32, argument, 'a hash');
}

/** A block by height (a number, or its digits as a string), or by its hash. */
export function checkBlockId(id: unknown): number | `0x${string}` {
  if (typeof id === 'string' && /^0[xX]/.test(id)) return checkHash(id, 'block');
  if (typeof id === 'string' && /^(0|[1-9][0-9]*)$/.test(id)) return checkWhole(Number(id), 'height');
  return checkWhole(id, 'height');
}
