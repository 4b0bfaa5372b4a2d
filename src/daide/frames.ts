/**
 * DAIDE Client-Server Protocol, version 1, chapter 3: the messages on the wire. Every message is a 4-octet header
 * (type, pad, remaining length: 16 bits, big-endian) and that many octets: the Initial Message (IM: version and
 * magic number), the Representation Message (RM), the Diplomacy Message (DM: tokens), the Final Message (FM) and
 * the Error Message (EM: an error code). Pure byte handling: the socket belongs to the caller.
 */

export const IM = 0;
export const RM = 1;
export const DM = 2;
export const FM = 3;
export const EM = 4;

export const PROTOCOL_VERSION = 1;
export const MAGIC_NUMBER = 0xda10;

/** The error codes of an EM (protocol section 3.6). */
export const ErrorCode = {
  timerPopped: 0x01,
  imNotFirst: 0x02,
  wrongEndian: 0x03,
  wrongMagic: 0x04,
  versionIncompatible: 0x05,
  duplicateIm: 0x06,
  imFromServer: 0x07,
  unknownMessage: 0x08,
  messageTooShort: 0x09,
  dmBeforeRm: 0x0a,
  rmNotFirst: 0x0b,
  unexpectedRm: 0x0c,
  rmFromClient: 0x0d,
  invalidToken: 0x0e,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** What each error code means, as the protocol words it. */
export const ERROR_MEANINGS: Readonly<Record<number, string>> = {
  0x01: 'IM timer popped',
  0x02: 'IM was not the first message sent by the client',
  0x03: 'IM indicated the wrong endian',
  0x04: 'IM had an incorrect magic number',
  0x05: 'Version incompatibility',
  0x06: 'More than one IM sent',
  0x07: 'IM sent by server',
  0x08: 'Unknown message received',
  0x09: 'Message shorter than expected',
  0x0a: 'DM sent before RM',
  0x0b: 'RM was not the first message sent by the server',
  0x0c: 'Unexpected RM sent',
  0x0d: 'RM sent by client',
  0x0e: 'Invalid token in DM',
};

/** The largest body a header can announce. */
export const MAX_BODY = 0xffff;

export interface Frame {
  type: number;
  body: Uint8Array;
}

/** One message on the wire: header and body. Throws for a body longer than the 16-bit length allows. */
export function encodeFrame(type: number, body: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (body.length > MAX_BODY) throw new RangeError(`a DAIDE message body is at most ${MAX_BODY} octets`);
  const out = new Uint8Array(4 + body.length);
  out[0] = type;
  out[2] = body.length >> 8;
  out[3] = body.length & 0xff;
  out.set(body, 4);
  return out;
}

/** The client's Initial Message: version 1 and the magic number 0xDA10. */
export function initialMessage(version = PROTOCOL_VERSION): Uint8Array {
  return encodeFrame(
    IM,
    new Uint8Array([version >> 8, version & 0xff, MAGIC_NUMBER >> 8, MAGIC_NUMBER & 0xff]),
  );
}

/** A Diplomacy Message carrying `tokens`. */
export function diplomacyMessage(tokens: readonly number[]): Uint8Array {
  const body = new Uint8Array(tokens.length * 2);
  tokens.forEach((t, i) => {
    body[i * 2] = (t >> 8) & 0xff;
    body[i * 2 + 1] = t & 0xff;
  });
  return encodeFrame(DM, body);
}

/** The tokens of a DM body (two octets each, big-endian). */
export function bodyTokens(body: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < body.length; i += 2) out.push(((body[i] ?? 0) << 8) | (body[i + 1] ?? 0));
  return out;
}

export function errorMessage(code: number): Uint8Array {
  return encodeFrame(EM, new Uint8Array([code >> 8, code & 0xff]));
}

export function finalMessage(): Uint8Array {
  return encodeFrame(FM);
}

/**
 * Checks an IM body: undefined when it is version 1 with the magic number, otherwise the error code to send
 * (a byte-swapped magic number means the client sent little-endian).
 */
export function checkInitialMessage(body: Uint8Array): ErrorCodeValue | undefined {
  if (body.length < 4) return ErrorCode.messageTooShort;
  const version = ((body[0] ?? 0) << 8) | (body[1] ?? 0);
  const magic = ((body[2] ?? 0) << 8) | (body[3] ?? 0);
  if (magic === 0x10da) return ErrorCode.wrongEndian;
  if (magic !== MAGIC_NUMBER) return ErrorCode.wrongMagic;
  if (version !== PROTOCOL_VERSION) return ErrorCode.versionIncompatible;
  return undefined;
}

/** The body length each fixed-length message must have. */
const FIXED_LENGTH: Readonly<Record<number, number>> = { [IM]: 4, [FM]: 0, [EM]: 2 };

/**
 * Reads frames from a byte stream as it arrives. `push` the received chunks, then take frames with `next` until it
 * returns undefined. A structure error (an unknown message type, a fixed-length message of another length, a DM
 * of an odd or too small length) makes `next` return `{ error }` once, after which the stream is unusable: the
 * protocol says to send that EM and close.
 */
export class FrameReader {
  #buffer = new Uint8Array(0);
  #failed = false;

  /** Octets received but not yet read as frames. */
  get pending(): number {
    return this.#buffer.length;
  }

  push(chunk: Uint8Array): void {
    if (this.#failed) return;
    const joined = new Uint8Array(this.#buffer.length + chunk.length);
    joined.set(this.#buffer);
    joined.set(chunk, this.#buffer.length);
    this.#buffer = joined;
  }

  next(): Frame | { error: ErrorCodeValue } | undefined {
    if (this.#failed || this.#buffer.length < 4) return undefined;
    const type = this.#buffer[0] ?? 0;
    const length = ((this.#buffer[2] ?? 0) << 8) | (this.#buffer[3] ?? 0);
    const error = structureError(type, length);
    if (error !== undefined) {
      this.#failed = true;
      return { error };
    }
    if (this.#buffer.length < 4 + length) return undefined;
    const body = this.#buffer.slice(4, 4 + length);
    this.#buffer = this.#buffer.slice(4 + length);
    return { type, body };
  }
}

function structureError(type: number, length: number): ErrorCodeValue | undefined {
  if (type > EM) return ErrorCode.unknownMessage;
  const fixed = FIXED_LENGTH[type];
  if (fixed !== undefined && length < fixed) return ErrorCode.messageTooShort;
  // Longer than its fixed length: not a message structure the protocol defines.
  if (fixed !== undefined && length > fixed) return ErrorCode.unknownMessage;
  if (type === DM && length < 2) return ErrorCode.messageTooShort;
  // A DM of an odd length ends in half a token.
  if (type === DM && length % 2 === 1) return ErrorCode.messageTooShort;
  return undefined;
}
