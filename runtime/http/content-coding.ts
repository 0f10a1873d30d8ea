import Negotiator from 'negotiator';
import { remembered } from './remembered.ts';

/** The content codings a precompressed file is offered in, besides the file itself (RFC 9110 §8.4.1). */
export type Coding = 'br' | 'gzip';

// In order of preference when the client weighs them equally: brotli is the smaller (RFC 7932).
const OFFERED = ['br', 'gzip', 'identity'];
const PREFERRED = ['br', 'gzip'];

const choose = remembered((acceptEncoding): Coding | undefined => {
  const best = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }).encoding(OFFERED, { preferred: PREFERRED });
  return best === 'br' || best === 'gzip' ? best : undefined;
});

/**
 * The coding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): the highest-weighted of br and gzip,
 * br on a tie; undefined for identity, which is also the answer when nothing offered is acceptable (a
 * server may then send the unencoded representation rather than 415/406).
 */
export function toContentCoding(acceptEncoding: string | null | undefined): Coding | undefined {
  return acceptEncoding ? choose(acceptEncoding) : undefined;
}
