/**
 * DAIDE tokens: every language token is a 16-bit value, category (high octet) and number (low octet), as the DAIDE
 * Client-Server Protocol (version 1, revision 14, chapter 4 "Language Representation") lists them. The fixed
 * tokens are the same in every game; powers and provinces are the standard map's unless the server's
 * representation message (RM) defines others (see map-tokens.ts).
 */

/** Categories (high octets) the codec treats specially. */
export const INTEGER_MAX_CATEGORY = 0x3f;
export const BRACKETS = 0x40;
export const POWERS = 0x41;
export const TEXT = 0x4b;
/** Provinces: 0x50..0x57; bit 0 says supply centre, bits 1-2 the kind (inland, sea, coastal, bicoastal). */
export const FIRST_PROVINCE_CATEGORY = 0x50;
export const LAST_PROVINCE_CATEGORY = 0x57;
/** Reserved for a program's own use, never sent: a token in them is an invalid token (EM 0x0E). */
export const FIRST_RESERVED_CATEGORY = 0x58;
export const LAST_RESERVED_CATEGORY = 0x5f;

export const BRA = 0x4000;
export const KET = 0x4001;

/** The fixed tokens by category: each name's number is its index in the list ('' skips a number). */
const FIXED: readonly [number, string][] = [
  [0x42, 'AMY FLT'],
  [0x43, 'CTO CVY HLD MTO SUP VIA'],
  [0x44, 'MBV BPR CST ESC FAR HSC NAS NMB NMR NRN NRS NSA NSC NSF NSP NST NSU NVR NYU YSC'],
  [0x45, 'SUC BNC CUT DSR FLD NSO RET'],
  [0x47, 'SPR SUM FAL AUT WIN'],
  [
    0x48,
    'CCD DRW FRM GOF HLO HST HUH IAM LOD MAP MDF MIS NME NOT NOW OBS OFF ORD OUT PRN REJ SCO SLO SND SUB SVE THX TME YES ADM SMR',
  ],
  [0x49, 'AOA BTL ERR LVL MRT MTL NPB NPR PDA PTL RTL UNO _ DSD'],
  [
    0x4a,
    'ALY AND BWX DMZ ELS EXP FWD FCT FOR HOW IDK IFF INS _ OCC ORR PCE POB _ PRP QRY SCD SRY SUG THK THN TRY _ VSS WHT WHY XDO XOY YDO CHO BCC UNT',
  ],
];

/** Orders are numbered by the phase types they belong to (the high three bits of the number). */
const ORDER_TOKENS: readonly [string, number][] = [
  ['CTO', 0x4320],
  ['CVY', 0x4321],
  ['HLD', 0x4322],
  ['MTO', 0x4323],
  ['SUP', 0x4324],
  ['VIA', 0x4325],
  ['DSB', 0x4340],
  ['RTO', 0x4341],
  ['BLD', 0x4380],
  ['REM', 0x4381],
  ['WVE', 0x4382],
];

/** Coasts are numbered by compass point, in steps of two (north 0, north-east 2, ...). */
export const COAST_TOKENS: readonly [string, number][] = [
  ['NCS', 0x4600],
  ['NEC', 0x4602],
  ['ECS', 0x4604],
  ['SEC', 0x4606],
  ['SCS', 0x4608],
  ['SWC', 0x460a],
  ['WCS', 0x460c],
  ['NWC', 0x460e],
];

function fixedTokens(): Map<string, number> {
  const out = new Map<string, number>([
    ['BRA', BRA],
    ['KET', KET],
  ]);
  for (const [category, names] of FIXED) {
    if (category === 0x43) continue;
    names.split(' ').forEach((name, i) => {
      if (name !== '_') out.set(name, (category << 8) | i);
    });
  }
  for (const [name, value] of [...ORDER_TOKENS, ...COAST_TOKENS]) out.set(name, value);
  return out;
}

/** Every fixed token (not powers, provinces, integers or text), name to value. */
export const FIXED_TOKENS: ReadonlyMap<string, number> = fixedTokens();

/** The standard map's powers, in token order (AUS 0x4100 ... TUR 0x4106). */
export const STANDARD_POWERS: readonly string[] = ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR'];

/**
 * The standard map's provinces by category, in token-number order: the numbers run from 0 (BOH) to 74 (STP)
 * across the categories.
 */
export const STANDARD_PROVINCES: readonly [number, string][] = [
  [0x50, 'BOH BUR GAL RUH SIL TYR UKR'],
  [0x51, 'BUD MOS MUN PAR SER VIE WAR'],
  [0x52, 'ADR AEG BAL BAR BLA EAS ECH GOB GOL HEL ION IRI MAO NAO NTH NWG SKA TYS WES'],
  [0x54, 'ALB APU ARM CLY FIN GAS LVN NAF PIC PIE PRU SYR TUS WAL YOR'],
  [0x55, 'ANK BEL BER BRE CON DEN EDI GRE HOL KIE LON LVP MAR NAP NWY POR ROM RUM SEV SMY SWE TRI TUN VEN'],
  [0x57, 'BUL SPA STP'],
].flatMap(([category, names]) =>
  (names as string).split(' ').map((n) => [category as number, n] as [number, string]),
);

/** A token table: names and values of one game's tokens (the fixed ones, its powers and its provinces). */
export interface TokenTable {
  readonly byName: ReadonlyMap<string, number>;
  readonly byValue: ReadonlyMap<number, string>;
}

/** Builds a table from the fixed tokens and the given power and province tokens (name, value). */
export function tokenTable(extra: readonly (readonly [string, number])[]): TokenTable {
  const byName = new Map(FIXED_TOKENS);
  for (const [name, value] of extra) byName.set(name, value);
  const byValue = new Map<number, string>();
  for (const [name, value] of byName) byValue.set(value, name);
  return { byName, byValue };
}

/** The tokens of the standard map, which a server announces with an empty representation message. */
export function standardTokenTable(): TokenTable {
  let number = 0;
  return tokenTable([
    ...STANDARD_POWERS.map((p, i): [string, number] => [p, (POWERS << 8) | i]),
    ...STANDARD_PROVINCES.map(([category, name]): [string, number] => [name, (category << 8) | number++]),
  ]);
}

/** Whether `value` is a province token (any of the eight province categories). */
export function isProvinceToken(value: number): boolean {
  const category = value >> 8;
  return category >= FIRST_PROVINCE_CATEGORY && category <= LAST_PROVINCE_CATEGORY;
}

/**
 * The body of a representation message for the power and province tokens of `table` beyond the fixed ones: six
 * octets each (the token, three ASCII characters, a zero).
 */
export function representationBody(table: TokenTable): Uint8Array {
  const entries = [...table.byName].filter(([name, value]) => {
    const category = value >> 8;
    return !FIXED_TOKENS.has(name) && (category === POWERS || isProvinceToken(value));
  });
  const body = new Uint8Array(entries.length * 6);
  entries.forEach(([name, value], i) => {
    body[i * 6] = value >> 8;
    body[i * 6 + 1] = value & 0xff;
    for (let c = 0; c < 3; c++) body[i * 6 + 2 + c] = name.charCodeAt(c);
    body[i * 6 + 5] = 0;
  });
  return body;
}

/**
 * The token table a representation message defines: the standard one for an empty body, otherwise the fixed
 * tokens with the powers and provinces it lists (and none of the standard ones, as the protocol says). Undefined
 * when the body is malformed (not six-octet blocks of power or province tokens with A-Z0-9 names).
 */
export function tokenTableFromRepresentation(body: Uint8Array): TokenTable | undefined {
  if (body.length === 0) return standardTokenTable();
  if (body.length % 6 !== 0) return undefined;
  const extra: [string, number][] = [];
  for (let i = 0; i < body.length; i += 6) {
    const value = ((body[i] ?? 0) << 8) | (body[i + 1] ?? 0);
    const name = String.fromCharCode(body[i + 2] ?? 0, body[i + 3] ?? 0, body[i + 4] ?? 0);
    if (!/^[A-Z0-9]{3}$/.test(name) || (value >> 8 !== POWERS && !isProvinceToken(value))) return undefined;
    extra.push([name, value]);
  }
  return tokenTable(extra);
}
