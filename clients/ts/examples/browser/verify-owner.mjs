// The script of index.html: asks the node for an object's owner and shows
// it only once it is proven — the header signed by a quorum of the trusted
// validators, the proof up to that header's object root, the GIF's bytes
// to the leaf. Imports only what it calls (19.6 KiB gzipped, secp256k1 and
// the WebAssembly kernel included).
import { createBaseClient } from '@gifscan/client/actions';
import { BaseError, VerificationError, verifyObject } from '@gifscan/client/verify';

const params = new URLSearchParams(location.search);
// The devnet's validators are trusted by default only for a node on this
// machine; for any other, pass `trust: ['0x…', …]` here.
const client = createBaseClient({
  rest: params.get('rest') ?? 'http://127.0.0.1:8545',
  rpc: params.get('rpc') ?? 'http://127.0.0.1:8546',
});
const form = document.querySelector('#ask');
const answer = document.querySelector('#answer');

function say(state, text, owner) {
  answer.dataset.state = state;
  answer.textContent = text;
  if (owner) {
    const code = document.createElement('code');
    code.textContent = owner;
    answer.append(code);
  }
}

async function ask(key) {
  const at = key.lastIndexOf('#');
  const slug = key.slice(0, at);
  const tokenId = Number(key.slice(at + 1));
  say('asking', `Proving ${key}…`);
  try {
    const v = await verifyObject(client, slug, tokenId);
    say('proven', `${v.displayKey} at block ${v.height}, signed by ${v.signers.length} validators, is owned by `, v.owner);
  } catch (e) {
    // A VerificationError is a lie caught, or (reason 'absent') an object
    // proven not to exist then; any other error means no verdict: the node was not reached, refused,
    // or the key was not one.
    if (e instanceof VerificationError && e.reason === 'absent') say('absent', e.shortMessage);
    else if (e instanceof VerificationError) say('failed', `NOT PROVEN (${e.reason}): ${e.shortMessage}`);
    else if (e instanceof BaseError) say('unanswered', `No verdict: ${e.shortMessage}`);
    else throw e;
  }
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  ask(new FormData(form).get('key').trim());
});
const key = params.get('key');
if (key) form.elements.key.value = key;
ask(form.elements.key.value);
