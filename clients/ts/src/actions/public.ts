// The reads and writes of docs/PROTOCOL.md as free functions over a Client,
// one a file (actions/public/), named as viem names its actions: every /v1
// REST endpoint and every JSON-RPC method, typed, with the optional height;
// lists as async iterables over pages that keep the first page's pinned
// height; GraphQL; sending transactions. No signature code: a page that
// imports these alone reads the chain without secp256k1. 0.2's names stay
// for one version, deprecated.
import type { Client, PageOptions } from '../client.js';
import type { CallOptions } from '../transport.js';
import type { RestQuery } from './internal.js';
import type { TypedQuery } from './public/graphql.js';
import { pages } from './public/pages.js';
import { getBlocks } from './public/getblocks.js';
import { getBlock } from './public/getblock.js';
import { getTransaction } from './public/gettransaction.js';
import { getObjects } from './public/getobjects.js';
import { getObject } from './public/getobject.js';
import { getFrames } from './public/getframes.js';
import { getCollections } from './public/getcollections.js';
import { getTraitCounts } from './public/gettraitcounts.js';
import { getWallet } from './public/getwallet.js';
import { getActivity } from './public/getactivity.js';
import { getMempool } from './public/getmempool.js';
import { graphql } from './public/graphql.js';
import { rpc } from './public/rpc.js';
import { getChainId } from './public/getchainid.js';
import { getBlockNumber } from './public/getblocknumber.js';
import { getBlockByHeight } from './public/getblockbyheight.js';
import { getTransactionByHash } from './public/gettransactionbyhash.js';
import { getObjectByKey } from './public/getobjectbykey.js';
import { getObjectBytes } from './public/getobjectbytes.js';
import { getListing } from './public/getlisting.js';
import { getProof } from './public/getproof.js';
import { getOwnership } from './public/getownership.js';
import { getObjectRoot } from './public/getobjectroot.js';
import { getValidators } from './public/getvalidators.js';
import { getHoldingsProof } from './public/getholdingsproof.js';
import { sendRawTransaction } from './public/sendrawtransaction.js';
import { createWebhook } from './public/createwebhook.js';
import { deleteWebhook } from './public/deletewebhook.js';
import { getWebhookStatus } from './public/getwebhookstatus.js';
import { sendTransaction } from './public/sendtransaction.js';
import { getTransactionCount } from './public/gettransactioncount.js';
import { waitForTransactionReceipt } from './public/waitfortransactionreceipt.js';
import { getHeader } from './public/getheader.js';

export type { RestQuery } from './internal.js';
export * from './public/pages.js';
export * from './public/getblocks.js';
export * from './public/getblock.js';
export * from './public/gettransaction.js';
export * from './public/getobjects.js';
export * from './public/getobject.js';
export * from './public/getframes.js';
export * from './public/getcollections.js';
export * from './public/gettraitcounts.js';
export * from './public/getwallet.js';
export * from './public/getactivity.js';
export * from './public/getmempool.js';
export * from './public/graphql.js';
export * from './public/rpc.js';
export * from './public/getchainid.js';
export * from './public/getblocknumber.js';
export * from './public/getblockbyheight.js';
export * from './public/gettransactionbyhash.js';
export * from './public/getobjectbykey.js';
export * from './public/getobjectbytes.js';
export * from './public/getlisting.js';
export * from './public/getproof.js';
export * from './public/getownership.js';
export * from './public/getobjectroot.js';
export * from './public/getvalidators.js';
export * from './public/getholdingsproof.js';
export * from './public/sendrawtransaction.js';
export * from './public/createwebhook.js';
export * from './public/deletewebhook.js';
export * from './public/getwebhookstatus.js';
export * from './public/sendtransaction.js';
export * from './public/gettransactioncount.js';
export * from './public/waitfortransactionreceipt.js';
export * from './public/getheader.js';

// 0.2's names, for one version.
/** @deprecated Since 0.3: {@link getBlocks}, as viem names it; removed in 0.4. */
export const blocks = getBlocks;
/** @deprecated Since 0.3: {@link getBlock}, as viem names it; removed in 0.4. */
export const block = getBlock;
/** @deprecated Since 0.3: {@link getTransaction}, as viem names it; removed in 0.4. */
export const transaction = getTransaction;
/** @deprecated Since 0.3: {@link getObjects}, as viem names it; removed in 0.4. */
export const objects = getObjects;
/** @deprecated Since 0.3: {@link getObject}, as viem names it; removed in 0.4. */
export const object = getObject;
/** @deprecated Since 0.3: {@link getFrames}, as viem names it; removed in 0.4. */
export const frames = getFrames;
/** @deprecated Since 0.3: {@link getCollections}, as viem names it; removed in 0.4. */
export const collections = getCollections;
/** @deprecated Since 0.3: {@link getTraitCounts}, as viem names it; removed in 0.4. */
export const traitCounts = getTraitCounts;
/** @deprecated Since 0.3: {@link getWallet}, as viem names it; removed in 0.4. */
export const wallet = getWallet;
/** @deprecated Since 0.3: {@link getActivity}, as viem names it; removed in 0.4. */
export const activity = getActivity;
/** @deprecated Since 0.3: {@link getMempool}, as viem names it; removed in 0.4. */
export const mempool = getMempool;
/** @deprecated Since 0.3: {@link getChainId}, as viem names it; removed in 0.4. */
export const chainIdOfNode = getChainId;
/** @deprecated Since 0.3: {@link getBlockNumber}, as viem names it; removed in 0.4. */
export const blockNumber = getBlockNumber;
/** @deprecated Since 0.3: {@link getBlockByHeight}, as viem names it; removed in 0.4. */
export const blockByHeight = getBlockByHeight;
/** @deprecated Since 0.3: {@link getTransactionByHash}, as viem names it; removed in 0.4. */
export const transactionByHash = getTransactionByHash;
/** @deprecated Since 0.3: {@link getObjectByKey}, as viem names it; removed in 0.4. */
export const objectByKey = getObjectByKey;
/** @deprecated Since 0.3: {@link getObjectBytes}, as viem names it; removed in 0.4. */
export const objectBytes = getObjectBytes;
/** @deprecated Since 0.3: {@link getListing}, as viem names it; removed in 0.4. */
export const listing = getListing;
/** @deprecated Since 0.3: {@link getProof}, as viem names it; removed in 0.4. */
export const proof = getProof;
/** @deprecated Since 0.3: {@link getOwnership}, as viem names it; removed in 0.4. */
export const ownership = getOwnership;
/** @deprecated Since 0.3: {@link getObjectRoot}, as viem names it; removed in 0.4. */
export const objectRoot = getObjectRoot;
/** @deprecated Since 0.3: {@link getValidators}, as viem names it; removed in 0.4. */
export const validators = getValidators;
/** @deprecated Since 0.3: {@link getHoldingsProof}, as viem names it; removed in 0.4. */
export const holdingsProof = getHoldingsProof;
/** @deprecated Since 0.3: {@link getWebhookStatus}, as viem names it; removed in 0.4. */
export const webhookStatus = getWebhookStatus;
/** @deprecated Since 0.3: {@link getTransactionCount}, as viem names it; removed in 0.4. */
export const nextNonce = getTransactionCount;
/** @deprecated Since 0.3: {@link waitForTransactionReceipt}, as viem names it; removed in 0.4. */
export const waitForReceipt = waitForTransactionReceipt;
/** @deprecated Since 0.3: {@link getHeader}, as viem names it; removed in 0.4. */
export const header = getHeader;

/** An action's arguments after the client. */
type Rest<F> = F extends (client: Client, ...args: infer A) => unknown ? A : never;

/** The actions above as methods: `createBaseClient(o).extend(publicActions)`. */
export function publicActions(client: Client) {
  return {
    /** {@link pages}, as a method. */
    pages: <T>(path: string, query: RestQuery, o?: PageOptions) => pages<T>(client, path, query, o),
    /** {@link getBlocks}, as a method. */
    getBlocks: (...a: Rest<typeof getBlocks>) => getBlocks(client, ...a),
    /** {@link getBlock}, as a method. */
    getBlock: (...a: Rest<typeof getBlock>) => getBlock(client, ...a),
    /** {@link getTransaction}, as a method. */
    getTransaction: (...a: Rest<typeof getTransaction>) => getTransaction(client, ...a),
    /** {@link getObjects}, as a method. */
    getObjects: (...a: Rest<typeof getObjects>) => getObjects(client, ...a),
    /** {@link getObject}, as a method. */
    getObject: (...a: Rest<typeof getObject>) => getObject(client, ...a),
    /** {@link getFrames}, as a method. */
    getFrames: (...a: Rest<typeof getFrames>) => getFrames(client, ...a),
    /** {@link getCollections}, as a method. */
    getCollections: (...a: Rest<typeof getCollections>) => getCollections(client, ...a),
    /** {@link getTraitCounts}, as a method. */
    getTraitCounts: (...a: Rest<typeof getTraitCounts>) => getTraitCounts(client, ...a),
    /** {@link getWallet}, as a method. */
    getWallet: (...a: Rest<typeof getWallet>) => getWallet(client, ...a),
    /** {@link getActivity}, as a method. */
    getActivity: (...a: Rest<typeof getActivity>) => getActivity(client, ...a),
    /** {@link getMempool}, as a method. */
    getMempool: (...a: Rest<typeof getMempool>) => getMempool(client, ...a),
    /** {@link graphql}, as a method. */
    graphql: <T = Record<string, unknown>>(query: TypedQuery<T>, variables?: Record<string, unknown>, o?: CallOptions) =>
      graphql<T>(client, query, variables, o),
    /** {@link rpc}, as a method. */
    rpc: <T>(method: string, params?: unknown[], o?: CallOptions) => rpc<T>(client, method, params, o),
    /** {@link getChainId}, as a method. */
    getChainId: (...a: Rest<typeof getChainId>) => getChainId(client, ...a),
    /** {@link getBlockNumber}, as a method. */
    getBlockNumber: (...a: Rest<typeof getBlockNumber>) => getBlockNumber(client, ...a),
    /** {@link getBlockByHeight}, as a method. */
    getBlockByHeight: (...a: Rest<typeof getBlockByHeight>) => getBlockByHeight(client, ...a),
    /** {@link getTransactionByHash}, as a method. */
    getTransactionByHash: (...a: Rest<typeof getTransactionByHash>) => getTransactionByHash(client, ...a),
    /** {@link getObjectByKey}, as a method. */
    getObjectByKey: (...a: Rest<typeof getObjectByKey>) => getObjectByKey(client, ...a),
    /** {@link getObjectBytes}, as a method. */
    getObjectBytes: (...a: Rest<typeof getObjectBytes>) => getObjectBytes(client, ...a),
    /** {@link getListing}, as a method. */
    getListing: (...a: Rest<typeof getListing>) => getListing(client, ...a),
    /** {@link getProof}, as a method. */
    getProof: (...a: Rest<typeof getProof>) => getProof(client, ...a),
    /** {@link getOwnership}, as a method. */
    getOwnership: (...a: Rest<typeof getOwnership>) => getOwnership(client, ...a),
    /** {@link getObjectRoot}, as a method. */
    getObjectRoot: (...a: Rest<typeof getObjectRoot>) => getObjectRoot(client, ...a),
    /** {@link getValidators}, as a method. */
    getValidators: (...a: Rest<typeof getValidators>) => getValidators(client, ...a),
    /** {@link getHoldingsProof}, as a method. */
    getHoldingsProof: (...a: Rest<typeof getHoldingsProof>) => getHoldingsProof(client, ...a),
    /** {@link sendRawTransaction}, as a method. */
    sendRawTransaction: (...a: Rest<typeof sendRawTransaction>) => sendRawTransaction(client, ...a),
    /** {@link createWebhook}, as a method. */
    createWebhook: (...a: Rest<typeof createWebhook>) => createWebhook(client, ...a),
    /** {@link deleteWebhook}, as a method. */
    deleteWebhook: (...a: Rest<typeof deleteWebhook>) => deleteWebhook(client, ...a),
    /** {@link getWebhookStatus}, as a method. */
    getWebhookStatus: (...a: Rest<typeof getWebhookStatus>) => getWebhookStatus(client, ...a),
    /** {@link sendTransaction}, as a method. */
    sendTransaction: (...a: Rest<typeof sendTransaction>) => sendTransaction(client, ...a),
    /** {@link getTransactionCount}, as a method. */
    getTransactionCount: (...a: Rest<typeof getTransactionCount>) => getTransactionCount(client, ...a),
    /** {@link waitForTransactionReceipt}, as a method. */
    waitForTransactionReceipt: (...a: Rest<typeof waitForTransactionReceipt>) => waitForTransactionReceipt(client, ...a),
    /** {@link getHeader}, as a method. */
    getHeader: (...a: Rest<typeof getHeader>) => getHeader(client, ...a),
    /** @deprecated Since 0.3: {@link getBlocks}; removed in 0.4. */
    blocks: (...a: Rest<typeof getBlocks>) => getBlocks(client, ...a),
    /** @deprecated Since 0.3: {@link getBlock}; removed in 0.4. */
    block: (...a: Rest<typeof getBlock>) => getBlock(client, ...a),
    /** @deprecated Since 0.3: {@link getTransaction}; removed in 0.4. */
    transaction: (...a: Rest<typeof getTransaction>) => getTransaction(client, ...a),
    /** @deprecated Since 0.3: {@link getObjects}; removed in 0.4. */
    objects: (...a: Rest<typeof getObjects>) => getObjects(client, ...a),
    /** @deprecated Since 0.3: {@link getObject}; removed in 0.4. */
    object: (...a: Rest<typeof getObject>) => getObject(client, ...a),
    /** @deprecated Since 0.3: {@link getFrames}; removed in 0.4. */
    frames: (...a: Rest<typeof getFrames>) => getFrames(client, ...a),
    /** @deprecated Since 0.3: {@link getCollections}; removed in 0.4. */
    collections: (...a: Rest<typeof getCollections>) => getCollections(client, ...a),
    /** @deprecated Since 0.3: {@link getTraitCounts}; removed in 0.4. */
    traitCounts: (...a: Rest<typeof getTraitCounts>) => getTraitCounts(client, ...a),
    /** @deprecated Since 0.3: {@link getWallet}; removed in 0.4. */
    wallet: (...a: Rest<typeof getWallet>) => getWallet(client, ...a),
    /** @deprecated Since 0.3: {@link getActivity}; removed in 0.4. */
    activity: (...a: Rest<typeof getActivity>) => getActivity(client, ...a),
    /** @deprecated Since 0.3: {@link getMempool}; removed in 0.4. */
    mempool: (...a: Rest<typeof getMempool>) => getMempool(client, ...a),
    /** @deprecated Since 0.3: {@link getChainId}; removed in 0.4. */
    chainIdOfNode: (...a: Rest<typeof getChainId>) => getChainId(client, ...a),
    /** @deprecated Since 0.3: {@link getBlockNumber}; removed in 0.4. */
    blockNumber: (...a: Rest<typeof getBlockNumber>) => getBlockNumber(client, ...a),
    /** @deprecated Since 0.3: {@link getBlockByHeight}; removed in 0.4. */
    blockByHeight: (...a: Rest<typeof getBlockByHeight>) => getBlockByHeight(client, ...a),
    /** @deprecated Since 0.3: {@link getTransactionByHash}; removed in 0.4. */
    transactionByHash: (...a: Rest<typeof getTransactionByHash>) => getTransactionByHash(client, ...a),
    /** @deprecated Since 0.3: {@link getObjectByKey}; removed in 0.4. */
    objectByKey: (...a: Rest<typeof getObjectByKey>) => getObjectByKey(client, ...a),
    /** @deprecated Since 0.3: {@link getObjectBytes}; removed in 0.4. */
    objectBytes: (...a: Rest<typeof getObjectBytes>) => getObjectBytes(client, ...a),
    /** @deprecated Since 0.3: {@link getListing}; removed in 0.4. */
    listing: (...a: Rest<typeof getListing>) => getListing(client, ...a),
    /** @deprecated Since 0.3: {@link getProof}; removed in 0.4. */
    proof: (...a: Rest<typeof getProof>) => getProof(client, ...a),
    /** @deprecated Since 0.3: {@link getOwnership}; removed in 0.4. */
    ownership: (...a: Rest<typeof getOwnership>) => getOwnership(client, ...a),
    /** @deprecated Since 0.3: {@link getObjectRoot}; removed in 0.4. */
    objectRoot: (...a: Rest<typeof getObjectRoot>) => getObjectRoot(client, ...a),
    /** @deprecated Since 0.3: {@link getValidators}; removed in 0.4. */
    validators: (...a: Rest<typeof getValidators>) => getValidators(client, ...a),
    /** @deprecated Since 0.3: {@link getHoldingsProof}; removed in 0.4. */
    holdingsProof: (...a: Rest<typeof getHoldingsProof>) => getHoldingsProof(client, ...a),
    /** @deprecated Since 0.3: {@link getWebhookStatus}; removed in 0.4. */
    webhookStatus: (...a: Rest<typeof getWebhookStatus>) => getWebhookStatus(client, ...a),
    /** @deprecated Since 0.3: {@link getTransactionCount}; removed in 0.4. */
    nextNonce: (...a: Rest<typeof getTransactionCount>) => getTransactionCount(client, ...a),
    /** @deprecated Since 0.3: {@link waitForTransactionReceipt}; removed in 0.4. */
    waitForReceipt: (...a: Rest<typeof waitForTransactionReceipt>) => waitForTransactionReceipt(client, ...a),
    /** @deprecated Since 0.3: {@link getHeader}; removed in 0.4. */
    header: (...a: Rest<typeof getHeader>) => getHeader(client, ...a),
  };
}
/** The reads and writes as methods (`createBaseClient(o).extend(publicActions)`). */
export type PublicActions = ReturnType<typeof publicActions>;
