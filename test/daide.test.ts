/**
 * The DAIDE codec (src/daide): token values and frames as the Client-Server Protocol (version 1, revision 14)
 * lists them, messages as the Message Syntax writes them, the standard map's MDF/NOW/SCO checked against the
 * board, and a variant's representation message read back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardMap } from '../src/map/compile.js';
import { bundledMap, bundledMapIds } from '../src/map/registry.js';
import { newGame } from '../src/game/game.js';
import {
  ErrorCode,
  FrameReader,
  bodyTokens,
  checkInitialMessage,
  decodeMessage,
  diplomacyMessage,
  encodeFrame,
  encodeMessage,
  initialMessage,
  mapTokens,
  mdfMessage,
  messageText,
  nowMessage,
  orderItems,
  parseMessageText,
  parseOrder,
  scoMessage,
  standardTokenTable,
  tokenTableFromRepresentation,
  markError,
  DM,
  IM,
} from '../src/daide/index.js';

const table = standardTokenTable();

test('token values are the protocol document’s', () => {
  const expected: [string, number][] = [
    ['BRA', 0x4000],
    ['KET', 0x4001],
    ['AUS', 0x4100],
    ['TUR', 0x4106],
    ['AMY', 0x4200],
    ['FLT', 0x4201],
    ['CTO', 0x4320],
    ['HLD', 0x4322],
    ['DSB', 0x4340],
    ['RTO', 0x4341],
    ['WVE', 0x4382],
    ['MBV', 0x4400],
    ['NYU', 0x4412],
    ['RET', 0x4506],
    ['SCS', 0x4608],
    ['NWC', 0x460e],
    ['WIN', 0x4704],
    ['CCD', 0x4800],
    ['NME', 0x480c],
    ['SUB', 0x4818],
    ['YES', 0x481c],
    ['SMR', 0x481e],
    ['ERR', 0x4902],
    ['UNO', 0x490b],
    ['DSD', 0x490d],
    ['ALY', 0x4a00],
    ['BCC', 0x4a23],
    ['BOH', 0x5000],
    ['WAR', 0x510d],
    ['WES', 0x5220],
    ['YOR', 0x542f],
    ['ANK', 0x5530],
    ['VEN', 0x5547],
    ['BUL', 0x5748],
    ['STP', 0x574a],
  ];
  for (const [name, value] of expected) assert.equal(table.byName.get(name), value, name);
});

test('messages encode to the token stream and back; integers are 14-bit two’s complement; text is one token a letter', () => {
  const message = parseMessageText("NME ('Bot') ('1')");
  assert.deepEqual(
    encodeMessage(message, table),
    [0x480c, 0x4000, 0x4b42, 0x4b6f, 0x4b74, 0x4001, 0x4000, 0x4b31, 0x4001],
  );
  assert.deepEqual(encodeMessage([['SPR', 1901]], table), [0x4000, 0x4700, 0x076d, 0x4001]);
  assert.deepEqual(encodeMessage([-1, 8191, -8192], table), [0x3fff, 0x1fff, 0x2000]);
  assert.deepEqual(decodeMessage([0x3fff, 0x1fff, 0x2000], table), [-1, 8191, -8192]);
  const sub = 'SUB ((ENG FLT NWG) CVY (ENG AMY CLY) CTO NWY) ((ENG AMY CLY) CTO NWY VIA (NWG))';
  assert.equal(messageText(decodeMessage(encodeMessage(parseMessageText(sub), table), table) as never), sub);
  assert.throws(() => encodeMessage([9000], table), /-8192 to 8191/);
  assert.throws(() => encodeMessage(['QQQ'], table), /unknown DAIDE token/);
});

test('bad token streams: unbalanced brackets, reserved and undefined provinces; unknown tokens kept for HUH', () => {
  assert.deepEqual(decodeMessage([0x4000, 0x480c], table), { error: 'brackets' });
  assert.deepEqual(decodeMessage([0x4001], table), { error: 'brackets' });
  assert.deepEqual(decodeMessage([0x5800], table), { error: 'invalid-token', token: 0x5800 });
  assert.deepEqual(decodeMessage([0x5560], table), { error: 'invalid-token', token: 0x5560 });
  assert.deepEqual(decodeMessage([0x4107], table), { error: 'invalid-token', token: 0x4107 });
  const unknown = decodeMessage([0x4c05, 0x480c], table);
  assert.deepEqual(unknown, ['0x4C05', 'NME']);
  assert.deepEqual(encodeMessage(unknown as never, table), [0x4c05, 0x480c]);
  assert.equal(
    messageText(markError(parseMessageText('SUB ((ENG AMY LON) XYZ)'.replace('XYZ', 'HLO')), [1, 1])),
    'SUB ((ENG AMY LON) ERR HLO)',
  );
});

test('frames: the IM is 00 00 00 04 00 01 DA 10; the reader takes frames across chunks and reports structure errors', () => {
  assert.deepEqual([...initialMessage()], [0, 0, 0, 4, 0, 1, 0xda, 0x10]);
  assert.equal(checkInitialMessage(initialMessage().slice(4)), undefined);
  assert.equal(checkInitialMessage(new Uint8Array([0, 1, 0x10, 0xda])), ErrorCode.wrongEndian);
  assert.equal(checkInitialMessage(new Uint8Array([0, 1, 0x12, 0x34])), ErrorCode.wrongMagic);
  assert.equal(checkInitialMessage(new Uint8Array([0, 2, 0xda, 0x10])), ErrorCode.versionIncompatible);
  const bytes = new Uint8Array([...initialMessage(), ...diplomacyMessage([0x480c, 0x4000])]);
  const reader = new FrameReader();
  for (const b of bytes) reader.push(new Uint8Array([b]));
  const first = reader.next();
  assert.deepEqual(first, { type: IM, body: new Uint8Array([0, 1, 0xda, 0x10]) });
  const second = reader.next();
  assert.ok(second && 'body' in second && second.type === DM);
  assert.deepEqual(bodyTokens(second.body), [0x480c, 0x4000]);
  assert.equal(reader.next(), undefined);
  const bad = (frame: number[]): unknown => {
    const r = new FrameReader();
    r.push(new Uint8Array(frame));
    return r.next();
  };
  assert.deepEqual(bad([9, 0, 0, 0]), { error: ErrorCode.unknownMessage });
  assert.deepEqual(bad([0, 0, 0, 2, 0, 1]), { error: ErrorCode.messageTooShort });
  assert.deepEqual(bad([2, 0, 0, 3, 0x48, 0x0c, 0x40]), { error: ErrorCode.messageTooShort });
  assert.deepEqual(bad([0, 0, 0, 6, 0, 1, 0xda, 0x10, 0, 0]), { error: ErrorCode.unknownMessage });
  assert.throws(() => encodeFrame(DM, new Uint8Array(70000)), /at most 65535/);
});

test('the standard map uses the standard tokens: empty RM, ECH/GOB/GOL for ENG/BOT/LYO, MDF adjacencies as on the board', () => {
  const tokens = mapTokens(standardMap());
  assert.equal(tokens.standard, true);
  assert.equal(tokens.mapName, 'standard');
  assert.equal(tokens.representation.length, 0);
  assert.equal(tokens.provinceOf.get('ECH'), 'ENG');
  assert.equal(tokens.provinceOf.get('GOB'), 'BOT');
  assert.equal(tokens.provinceOf.get('GOL'), 'LYO');
  assert.equal(tokens.powerOf.get('ENG'), 'ENGLAND');
  const mdf = mdfMessage(tokens);
  assert.deepEqual(mdf[1], ['AUS', 'ENG', 'FRA', 'GER', 'ITA', 'RUS', 'TUR']);
  const text = messageText(mdf);
  assert.match(text, /\(ENG EDI LON LVP\)|\(ENG LON LVP EDI\)|\(ENG EDI LVP LON\)|\(ENG LVP EDI LON\)/);
  const adj = (mdf[3] as unknown[]).map((e) => messageText([e as never]));
  const entry = (p: string): string => adj.find((a) => a.startsWith(`(${p} `)) ?? '';
  const set = (list: string): string[] => list.split(' ').sort();
  const fleet = (p: string, coast?: string): string[] => {
    const m = coast
      ? new RegExp(`\\(\\(FLT ${coast}\\) ([^()]*(?:\\([A-Z]{3} [A-Z]{3}\\)[^()]*)*)\\)`).exec(entry(p))
      : /\(FLT ([^)]*(?:\([^)]*\)[^)]*)*)\)/.exec(entry(p));
    return set(m?.[1] ?? '');
  };
  assert.deepEqual(fleet('ADR'), set('ALB APU ION TRI VEN'));
  assert.deepEqual(fleet('BUL', 'ECS'), set('BLA CON RUM'));
  assert.deepEqual(fleet('BUL', 'SCS'), set('AEG CON GRE'));
  assert.deepEqual(fleet('STP', 'SCS'), set('FIN GOB LVN'));
  assert.match(entry('BOH'), /^\(BOH \(AMY [A-Z ]+\)\)$/);
  assert.deepEqual(set(/\(AMY ([A-Z ]+)\)/.exec(entry('BOH'))?.[1] ?? ''), set('GAL MUN SIL TYR VIE'));
  assert.match(entry('CON'), /\(BUL ECS\).*\(BUL SCS\)|\(BUL SCS\).*\(BUL ECS\)/);
});

test('NOW and SCO of the first phase; a unit on a coast is bracketed with it', () => {
  const tokens = mapTokens(standardMap());
  const game = newGame(standardMap());
  const now = messageText(nowMessage(tokens, game.position));
  assert.match(now, /^NOW \(SPR 1901\) /);
  assert.match(now, /\(RUS FLT \(STP SCS\)\)/);
  assert.match(now, /\(ENG FLT LON\)/);
  assert.equal((now.match(/\((AUS|ENG|FRA|GER|ITA|RUS|TUR) (AMY|FLT) /g) ?? []).length, 22);
  const sco = messageText(scoMessage(tokens, game.position));
  assert.match(sco, /\(ENG [A-Z ]+\)/);
  assert.match(sco, /\(UNO( [A-Z]{3}){12}\)$/);
  for (const c of ['BEL', 'BUL', 'DEN', 'GRE', 'HOL', 'NWY', 'POR', 'RUM', 'SER', 'SPA', 'SWE', 'TUN']) {
    assert.match(sco, new RegExp(`\\(UNO[A-Z ]* ${c}`));
  }
});

test('orders: every kind read from DAIDE and written back', () => {
  const tokens = mapTokens(standardMap());
  const game = newGame(standardMap());
  const read = (text: string) => parseOrder(tokens, parseMessageText(text));
  assert.deepEqual(read('(ENG FLT LON) MTO NTH'), {
    power: 'ENGLAND',
    token: 'MTO',
    order: { kind: 'move', unit: { type: 'F', location: 'LON', power: 'ENGLAND' }, to: 'NTH' },
    unit: { power: 'ENGLAND', type: 'F', location: 'LON' },
  });
  const viaConvoy = read('(ENG AMY LVP) CTO NWY VIA (IRI NAO NWG)');
  assert.ok('order' in viaConvoy);
  assert.deepEqual(viaConvoy.order, {
    kind: 'move',
    unit: { type: 'A', location: 'LVP', power: 'ENGLAND' },
    to: 'NWY',
    viaConvoy: true,
    path: ['IRI', 'NAO', 'NWG'],
  });
  const coast = read('(RUS FLT (STP SCS)) MTO GOB');
  assert.ok('order' in coast && coast.order.kind === 'move' && coast.order.unit.location === 'STP/SC');
  assert.equal(coast.order.kind === 'move' && coast.order.to, 'BOT');
  const sup = read('(ENG FLT EDI) SUP (ENG FLT LON) MTO NTH');
  assert.ok('order' in sup && sup.order.kind === 'support' && sup.order.to === 'NTH');
  assert.deepEqual(read('ENG WVE'), { power: 'ENGLAND', token: 'WVE', order: { kind: 'waive' } });
  assert.deepEqual(read('(ENG FLT LON) MTO NTH NTH'), { errorAt: 3 });
  assert.deepEqual(read('(ENG FLT XXX) HLD'.replace('XXX', 'LON') + ' SUB'), { errorAt: 2 });
  assert.deepEqual(read('(ENG FLT LON) HLO'), { errorAt: 1 });
  const write = (power: string, text: string): string => {
    const o = read(text);
    assert.ok('order' in o);
    return messageText(orderItems(tokens, game.position, { power, text: '', order: o.order }));
  };
  for (const text of [
    '(ENG FLT LON) MTO NTH',
    '(ENG FLT EDI) SUP (ENG FLT LON) MTO NTH',
    '(ENG FLT EDI) SUP (ENG FLT LON)',
    '(ENG FLT LON) CVY (ENG AMY LVP) CTO NWY',
    '(ENG AMY LVP) CTO NWY VIA (IRI NAO NWG)',
    '(RUS FLT (STP SCS)) HLD',
  ]) {
    assert.equal(write('ENGLAND', text), text);
  }
});

test('every bundled map gets tokens: numbered from 0, unique, readable back from its representation message', () => {
  for (const id of bundledMapIds()) {
    const map = bundledMap(id);
    if (!map) continue;
    const tokens = mapTokens(map);
    const names = new Set<string>();
    const numbers: number[] = [];
    for (const t of tokens.provinceTokens) {
      if (t === '') continue;
      assert.ok(!names.has(t), `${id}: ${t} twice`);
      names.add(t);
      numbers.push((tokens.table.byName.get(t) ?? -1) & 0xff);
    }
    assert.deepEqual(
      numbers.sort((a, b) => a - b),
      [...numbers.keys()],
      id,
    );
    if (tokens.standard) continue;
    const back = tokenTableFromRepresentation(tokens.representation);
    assert.ok(back, id);
    assert.deepEqual(new Map([...back.byName].sort()), new Map([...tokens.table.byName].sort()), id);
    // Every unit of the first phase can be written and read back.
    const game = newGame(map);
    const now = decodeMessage(encodeMessage(nowMessage(tokens, game.position), back), back);
    assert.ok(Array.isArray(now), id);
  }
});
