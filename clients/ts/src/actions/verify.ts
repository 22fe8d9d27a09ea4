// The verifying calls: an owner, or a wallet's complete holdings, proven
// against a header signed by a quorum of the validators the client
// trusts. Each resolves only when every step held, and otherwise rejects
// with a VerificationError naming the step; there is no "unverified" answer.
import type { Client, VerifyOptions } from '../client.js';
import type { HexAddress } from '../records.js';
import { getVerifiedHeader } from './verify/getverifiedheader.js';
import { verifyHoldings } from './verify/verifyholdings.js';
import { verifyObject } from './verify/verifyobject.js';

export { getVerifiedHeader } from './verify/getverifiedheader.js';
export { verifyObject, type VerifiedObject } from './verify/verifyobject.js';
export { verifyHoldings, type VerifiedHoldings } from './verify/verifyholdings.js';

/** @deprecated Since 0.3: {@link getVerifiedHeader}, as viem names it; removed in 0.4. */
export const verifiedHeader = getVerifiedHeader;

/** The verifying calls as methods: `client.extend(verifyActions)`. */
export function verifyActions(client: Client) {
  return {
    /** The header at a height (the head when absent), verified against `trust`. */
    getVerifiedHeader: (o?: VerifyOptions) => getVerifiedHeader(client, o),
    /** @deprecated Since 0.3: {@link getVerifiedHeader}; removed in 0.4. */
    verifiedHeader: (o?: VerifyOptions) => getVerifiedHeader(client, o),
    /**
     * Who owned `slug#tokenId` at the height (the head when absent), proven:
     * the header signed by a quorum of the trusted set, the proof to its
     * objectRoot, the content to the leaf. Rejects with a VerificationError
     * naming the step that failed; an object proven absent is `absent`.
     */
    verifyObject: (slug: string, tokenId: number, o?: VerifyOptions) => verifyObject(client, slug, tokenId, o),
    /** Everything `address` held at the height, proven complete by the holdings trie, each object proven. */
    verifyHoldings: (address: HexAddress, o?: VerifyOptions) => verifyHoldings(client, address, o),
  };
}
/** The verifying calls as methods (`client.extend(verifyActions)`). */
export type VerifyActions = ReturnType<typeof verifyActions>;
