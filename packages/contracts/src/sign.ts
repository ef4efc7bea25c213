import SparkMD5 from 'spark-md5';

/** The six signed fields of every `/api/` call (API.md §2). */
export interface SignedFields {
  cid: string;
  ver: string;
  uid: string;
  /** Unix time in seconds, 10 digits */
  t: string;
  /** the payload as a JSON string; `{}` when there is none */
  param: string;
  /** lowercase hex MD5 of cid + param + ver + t + secret */
  sign: string;
}

/**
 * MD5 of a string's UTF-8 bytes as lowercase hex (32 characters).
 * Uses spark-md5, which works the same in the browser and in Node.
 */
export function md5Hex(text: string): string {
  return SparkMD5.hash(text);
}

/**
 * The signature of a call: lowercase hex MD5 of `cid + param + ver + t + secret` (API.md §2, spec §7).
 * @param t Unix time in seconds, as the string that is sent
 */
export function computeSign(cid: string, param: string, ver: string, t: string, secret: string): string {
  return md5Hex(cid + param + ver + t + secret);
}

/**
 * Builds the six signed fields for a payload (API.md §2).
 * @param payload the call's payload; serialized with JSON.stringify (`{}` when undefined)
 * @param nowSeconds Unix time in seconds (defaults to the current time)
 */
export function signPayload(
  payload: unknown,
  opts: { cid: string; ver: string; uid: string; secret: string; nowSeconds?: number },
): SignedFields {
  const param = JSON.stringify(payload ?? {});
  const t = String(opts.nowSeconds ?? Math.floor(Date.now() / 1000));
  return {
    cid: opts.cid,
    ver: opts.ver,
    uid: opts.uid,
    t,
    param,
    sign: computeSign(opts.cid, param, opts.ver, t, opts.secret),
  };
}
