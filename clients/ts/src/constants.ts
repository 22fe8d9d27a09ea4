// The chain's constants, importing nothing: a page that only reads the head
// needs them without the signature code.

/** The GIF chain's id (docs/PROTOCOL.md). */
export const CHAIN_ID = 6464;

/** The devnet's published validator set (docs/PROTOCOL.md: fingerprint 29b0:5fef:2346:bfe9). */
export const DEVNET_VALIDATORS: readonly string[] = Object.freeze([
  '0xefac83af345eecf7ff86e2ae2a0165e62d46e398',
  '0x55db172d178df96eb7faa62be9550863d145b00c',
  '0x77802ead16a93efadf41850b878dba59447ef25d',
  '0x9159fb110d6a9acfaf0ee82da380ed24fb2fc3a3',
]);
