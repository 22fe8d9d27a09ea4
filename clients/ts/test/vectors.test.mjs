// Every vector of the independent implementation (shared/vectors/
// commitments.json) through the package's own checks, invalid ones with
// their reasons.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import {
  DEVNET_VALIDATORS,
  fingerprint,
  fromHex,
  hash32,
  headerHash,
  leafHash,
  objectKey,
  sparseMerkleRoot,
  toHex,
  traitsHash,
  validatorsHash,
  valueHash,
  verifyHeader,
  verifyHoldingsProof,
  verifyObjectProof,
  verifyObjectProofs,
  VerificationError,
  escrowAddress,
} from '../dist/index.js';
import { setWasmDisabled } from '../dist/wasm.js';

const vectors = JSON.parse(
  readFileSync(new URL('../../../../shared/vectors/commitments.json', import.meta.url), 'utf8'),
);
const trusted = vectors.validators.members.map((m) => m.address);

// Every test twice: with the WebAssembly kernel (src/wasm.ts) and with the
// JavaScript SHA-256 it falls back to; both must give every verdict.
const modes = [['', false], [' (without WebAssembly)', true]];
const bothWays = (name, f) => {
  for (const [suffix, disabled] of modes)
    test(`${name}${suffix}`, () => {
      setWasmDisabled(disabled);
      try {
        f();
      } finally {
        setWasmDisabled(false);
      }
    });
};

test('the devnet set is the vectors set', () => {
  assert.deepEqual([...DEVNET_VALIDATORS], trusted);
  assert.equal(toHex(validatorsHash(trusted)), vectors.validators.validatorsHash);
  assert.equal(fingerprint(trusted), '29b0:5fef:2346:bfe9');
});

bothWays('every object leaf and the root', () => {
  const leaves = [];
  for (const o of vectors.objects) {
    const key = objectKey(o.displayKey);
    assert.equal(toHex(key), o.key, o.displayKey);
    assert.equal(toHex(traitsHash(o.traits)), o.traitsHash, o.displayKey);
    const value = valueHash(fromHex(o.owner), hash32(o.contentHash), hash32(o.traitsHash));
    assert.equal(toHex(value), o.valueHash, o.displayKey);
    assert.equal(toHex(leafHash(key, value)), o.leafHash, o.displayKey);
    if (o.escrow) assert.equal(toHex(escrowAddress(key)), o.escrow, o.displayKey);
    leaves.push([key, value]);
  }
  assert.equal(toHex(sparseMerkleRoot(leaves)), vectors.objectRoot);
  assert.equal(toHex(sparseMerkleRoot([])), vectors.emptyRoot);
  assert.equal(toHex(sparseMerkleRoot(leaves.slice(0, 1))), vectors.singleLeafRoot);
});

bothWays('membership and non-membership proofs', () => {
  const root = hash32(vectors.objectRoot);
  for (const p of vectors.membershipProofs) {
    const leaf = verifyObjectProof(p, p.displayKey, root);
    assert.equal(leaf.owner, p.leaf.owner, p.displayKey);
  }
  for (const p of vectors.nonMembershipProofs) assert.equal(verifyObjectProof(p, p.displayKey, root), null);
  // All of them at once, four at a time in the kernel's lanes.
  const all = [...vectors.membershipProofs, ...vectors.nonMembershipProofs];
  const leaves = verifyObjectProofs(all.map((proof) => ({ proof, displayKey: proof.displayKey })), root);
  assert.deepEqual(leaves.map((l) => l?.owner ?? null), all.map((p) => p.leaf?.owner ?? null));
  // A proof against another root does not hold.
  const p = vectors.membershipProofs[0];
  assert.throws(() => verifyObjectProof(p, p.displayKey, hash32(vectors.singleLeafRoot)), {
    reason: 'root-mismatch',
  });
});

bothWays('every valid header verifies against the trusted set, linked to its parent', () => {
  let parent;
  for (const h of vectors.headers) {
    assert.equal(toHex(headerHash(h)), h.hash, `height ${h.height}`);
    const v = verifyHeader(h, trusted, { parent });
    assert.ok(v.signers.length >= 3);
    parent = h;
  }
});

bothWays('every invalid header is refused with the reference reason', () => {
  const reasons = {
    'hash does not recompute': 'header-hash',
    'validatorsHash is not the trusted set': 'untrusted',
    'no quorum': 'quorum',
    'proposer did not sign': 'proposer',
    'commit indexes': 'commit',
    'does not recover to its validator': 'commit',
  };
  for (const c of vectors.invalidHeaders) {
    const expected = Object.entries(reasons).find(([words]) => c.refimplReason.includes(words));
    assert.ok(expected, c.refimplReason);
    assert.throws(
      () => verifyHeader(c.header, trusted),
      (e) => e instanceof VerificationError && e.reason === expected[1] && e.message.startsWith(c.refimplReason.split(' (')[0]),
      `${c.why}: ${c.refimplReason}`,
    );
  }
  // The other set signs validly, and is still not trusted.
  const other = vectors.invalidHeaders.find((c) => c.refimplReason.includes('trusted set'));
  assert.doesNotThrow(() => verifyHeader(other.header, vectors.otherValidators.addresses));
});

bothWays('holdings proofs, and the tampered ones with their reasons', () => {
  const root = hash32(vectors.holdings.holdingsRoot);
  for (const { case: name, proof, result } of vectors.holdings.proofs) {
    if (result.ok) assert.equal(verifyHoldingsProof(proof, proof.owner, root).length, result.count, name);
    else assert.throws(() => verifyHoldingsProof(proof, proof.owner, root), VerificationError, name);
  }
  const reasons = {
    'root mismatch': 'root-mismatch',
    'keys not strictly ascending': 'key-order',
    'otherLeaf has the same key': 'key',
    'otherLeaf beside objects': 'malformed',
    'malformed display key': 'malformed',
  };
  for (const c of vectors.invalidHoldings) {
    assert.throws(
      () => verifyHoldingsProof(c.proof, c.proof.owner, root),
      (e) => e instanceof VerificationError && e.reason === reasons[c.refimplReason],
      `${c.why}: ${c.refimplReason}`,
    );
  }
});
