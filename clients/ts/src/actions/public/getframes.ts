// One of the public actions, one a file as viem has them; actions/public.ts
// gathers them and makes them methods.
import { checkSlug, checkTokenId, checkWhole } from '../../arguments.js';
import { HttpError } from '../../errors.js';
import { restBase } from '../internal.js';
import type { Client } from '../../client.js';
import type { Bytes } from '../../bytes.js';
import type { CallOptions } from '../../transport.js';

/** The GIF's bytes (`/frames`), or frame N composited on the canvas. */
export async function getFrames(client: Client, slug: string, tokenId: number, o: CallOptions & { frame?: number } = {}): Promise<Bytes> {
  const url = new URL(`${restBase(client, 'a GIF\'s frames')}/v1/objects/${checkSlug(slug)}/${checkTokenId(tokenId)}/frames`);
  if (o.frame !== undefined) url.searchParams.set('frame', String(checkWhole(o.frame, 'frame')));
  const { response, body } = await client.transport.request(url.toString(), { method: 'GET' }, o, 'rest', true);
  if (!response.ok) throw new HttpError(response.status, `HTTP ${response.status} for the frames`);
  return body as Uint8Array;
}
