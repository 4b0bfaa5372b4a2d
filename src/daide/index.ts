/**
 * dipkit/daide: the DAIDE codec, pure and browser-safe. Frames of the Client-Server Protocol (frames.ts), the
 * token tables (tokens.ts; a map's own tokens and representation message: map-tokens.ts), messages as trees and
 * their text form (syntax.ts), and dipkit positions and orders in DAIDE terms (board.ts). The server in
 * packages/server and DAIDE clients (dipkit's bot) build on it; docs/daide.md describes how.
 */
export {
  IM,
  RM,
  DM,
  FM,
  EM,
  PROTOCOL_VERSION,
  MAGIC_NUMBER,
  MAX_BODY,
  ErrorCode,
  ERROR_MEANINGS,
  FrameReader,
  encodeFrame,
  initialMessage,
  diplomacyMessage,
  bodyTokens,
  errorMessage,
  finalMessage,
  checkInitialMessage,
  type Frame,
  type ErrorCodeValue,
} from './frames.js';
export {
  FIXED_TOKENS,
  STANDARD_POWERS,
  standardTokenTable,
  representationBody,
  tokenTableFromRepresentation,
  type TokenTable,
} from './tokens.js';
export { mapTokens, coastToken, coastCode, type MapTokens } from './map-tokens.js';
export {
  decodeMessage,
  encodeMessage,
  messageText,
  parseMessageText,
  markError,
  isText,
  type DaideItem,
  type DaideMessage,
  type DaideText,
  type DecodeError,
} from './syntax.js';
export {
  turnItem,
  parseTurn,
  locationItem,
  parseLocation,
  unitItem,
  parseUnit,
  parseOrder,
  orderItems,
  mdfMessage,
  scoMessage,
  nowMessage,
  retreatingUnits,
  ordMessages,
  textOf,
  type DaideOrder,
} from './board.js';
export { pressError, PRESS_TOKEN_LEVELS, FREE_TEXT_LEVEL } from './press.js';
