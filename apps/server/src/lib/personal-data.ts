import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Personal data at rest (issue #11 "Personal data", API.md §14): identity numbers, credit codes, phone numbers
 * and real names are stored as AES-256-GCM ciphertexts, and uniqueness is checked through a keyed HMAC
 * "blind index", never the ciphertext (GCM's random IV makes two ciphertexts of one value differ).
 *
 * Keys: `DATA_KEY` (32 bytes, hex or base64) is the current key, numbered `DATA_KEY_VERSION`; keys of earlier
 * versions stay readable through `DATA_KEYS_PREVIOUS` (`{"1":"<key>"}`), so a key can rotate: new values are
 * written with the new key, old ones still decrypt, and `reencrypt` moves them. Each ciphertext and each blind
 * index carries its key version as a prefix (`v2:`). The encryption and the HMAC use different keys derived from
 * the data key with HKDF-SHA-256, so one never serves as the other.
 *
 * Formats:
 * - ciphertext: `v<version>:<base64url of iv (12 bytes) ‖ tag (16 bytes) ‖ ciphertext>`
 * - blind index: `v<version>:<base64url of HMAC-SHA-256(indexKey, purpose ‖ 0x00 ‖ value)>`
 */

/** One data key: its version and the 32 raw bytes. */
export interface DataKey {
  version: number;
  key: Buffer;
}

/** The keyring of the server: the current key (writes) and every key that still reads. */
export interface DataKeyring {
  current: DataKey;
  /** by version, the current one included */
  all: ReadonlyMap<number, DataKey>;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Decodes a 32-byte key given as 64 hex digits or base64. @throws Error when it is not 32 bytes */
export function parseDataKey(text: string): Buffer {
  const t = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (bytes.length !== 32) throw new Error('a data key must be 32 bytes (64 hex digits or base64)');
  return bytes;
}

/**
 * Builds the keyring from the configuration.
 * @param current the current key's bytes and version
 * @param previous keys of earlier versions, by version
 * @throws Error when a previous key has the current key's version
 */
export function createKeyring(current: DataKey, previous: readonly DataKey[] = []): DataKeyring {
  const all = new Map<number, DataKey>();
  for (const k of previous) {
    if (k.version === current.version)
      throw new Error(`DATA_KEYS_PREVIOUS repeats the current version ${k.version}`);
    all.set(k.version, k);
  }
  all.set(current.version, current);
  return { current, all };
}

/**
 * The keyring of the configuration (`AppConfig.dataKeys`: DATA_KEY, DATA_KEY_VERSION, DATA_KEYS_PREVIOUS).
 * @throws Error when a key is not 32 bytes or a previous key repeats the current version
 */
export function keyringFromConfig(keys: {
  current: string;
  version: number;
  previous: Record<string, string>;
}): DataKeyring {
  return createKeyring(
    { version: keys.version, key: parseDataKey(keys.current) },
    Object.entries(keys.previous).map(([version, key]) => ({
      version: Number(version),
      key: parseDataKey(key),
    })),
  );
}

const derived = new WeakMap<Buffer, { enc: Buffer; mac: Buffer }>();
function subkeys(key: Buffer): { enc: Buffer; mac: Buffer } {
  let keys = derived.get(key);
  if (!keys) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));
    keys = {
      enc: derive('creator-centre personal data encryption'),
      mac: derive('creator-centre blind index'),
    };
    derived.set(key, keys);
  }
  return keys;
}

/**
 * Encrypts a value with the current key.
 * @returns `v<version>:<base64url>` (see the module comment)
 */
export function encryptPersonal(ring: DataKeyring, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', subkeys(ring.current.key).enc, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v${ring.current.version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/**
 * Decrypts a value written by `encryptPersonal` with any key of the ring.
 * @throws Error when the version is unknown or the ciphertext or its tag was altered
 */
export function decryptPersonal(ring: DataKeyring, stored: string): string {
  const match = /^v(\d+):([A-Za-z0-9_-]+)$/.exec(stored);
  if (!match) throw new Error('not a personal-data ciphertext');
  const key = ring.all.get(Number(match[1]));
  if (!key) throw new Error(`no data key of version ${match[1]}`);
  const raw = Buffer.from(match[2]!, 'base64url');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', subkeys(key.key).enc, raw.subarray(0, IV_BYTES));
  decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * The blind index of a value under one key: equal values give equal indexes, and without the key nobody can
 * tell which value an index stands for (no dictionary attack over the 10^17 ID numbers without it).
 * @param purpose separates kinds of value (`id_number`, `credit_code`), so equal strings of two kinds differ
 */
function blindIndexWith(key: DataKey, purpose: string, value: string): string {
  const mac = createHmac('sha256', subkeys(key.key).mac)
    .update(`${purpose}\u0000${value}`)
    .digest('base64url');
  return `v${key.version}:${mac}`;
}

/** The blind index under the current key (what is stored with a new value). */
export function blindIndex(ring: DataKeyring, purpose: string, value: string): string {
  return blindIndexWith(ring.current, purpose, value);
}

/**
 * The blind indexes of a value under every key of the ring: a lookup matches rows written before a rotation
 * as well as after.
 */
export function blindIndexes(ring: DataKeyring, purpose: string, value: string): string[] {
  return [...ring.all.values()].map((k) => blindIndexWith(k, purpose, value));
}

/** Whether a stored ciphertext or index was written with an older key (a rotation job re-encrypts it). */
export function isStale(ring: DataKeyring, stored: string): boolean {
  return !stored.startsWith(`v${ring.current.version}:`);
}
