// Nodes that lie or decline, for the tests: a proxy in front of a real
// devnet's URL whose answers a test may rewrite, and one before its
// JSON-RPC that declines calls of each batch as an honest node may.
import { createServer } from 'node:http';

/**
 * A proxy before `target` whose answers `alter(path, body, text)` may
 * rewrite; `asked(path, body)`, if given, is told of each request as it
 * arrives.
 */
export async function rewritingProxy(target, alter, asked = () => {}) {
  const server = createServer(answering(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    asked(req.url, body);
    const answer = await fetch(target + req.url, { method: req.method, headers: { 'Content-Type': 'application/json' }, body: req.method === 'POST' ? body : undefined });
    const text = alter(req.url, body, await answer.text());
    res.writeHead(answer.status, { 'Content-Type': 'application/json', 'X-Block-Height': answer.headers.get('X-Block-Height') ?? '0' }).end(text);
  }));
  return listening(server);
}

// A proxy whose node has gone (a test's devnet stopped while a request was
// under way) answers 502, as a gateway does, rather than leaving the
// request unanswered and the failure unhandled in the test's process.
function answering(handler) {
  return (req, res) =>
    handler(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
}

// close() ends the connections kept alive as well: a closed proxy takes no
// more requests, and none of its sockets keeps the test's process alive.
async function listening(server, extra = {}) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const close = () => {
    server.close();
    server.closeAllConnections();
  };
  return { url: `http://127.0.0.1:${server.address().port}`, close, ...extra };
}

/**
 * A proxy before a node's JSON-RPC that answers every second call of a
 * batch with `refusal(i)` in place of the node's answer, once for each call
 * (or, `always`, every time it is asked), after answering the first `whole`
 * batches 503 as a whole.
 */
export async function refusingProxy(rpc, refusal, { always = false, whole = 0 } = {}) {
  const refused = new Set();
  let wholeLeft = whole;
  const server = createServer(answering(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const calls = JSON.parse(body);
    if (Array.isArray(calls) && wholeLeft > 0) {
      wholeLeft--;
      return res.writeHead(503).end('busy');
    }
    const answer = await (await fetch(rpc, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).text();
    let out = answer;
    if (Array.isArray(calls)) {
      const answers = JSON.parse(answer);
      calls.forEach((call, i) => {
        const what = JSON.stringify([call.method, call.params]);
        if (refused.has(what) ? !always : i % 2 === 0) return;
        refused.add(what);
        answers[i] = { jsonrpc: '2.0', id: call.id, error: refusal(i) };
      });
      out = JSON.stringify(answers);
    }
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(out);
  }));
  return listening(server, { refused });
}
