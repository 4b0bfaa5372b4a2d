/**
 * The JSON schemas of every request and response. Fastify validates requests with them before a handler runs
 * (nothing unchecked reaches the database), @fastify/response-validation checks every response against them, and
 * @fastify/swagger turns the same objects into the OpenAPI document at /openapi.json.
 */
import { rulesSummarySchema } from './rules-view.js';
import { bundledMapIds } from 'dipkit';

const POWER = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'a power: "FRANCE" (any spelling the map knows)',
};
/** Any year a bundled map's calendar reaches: North Sea Wars' S0M, Ancient Mediterranean's S1M, S901M, S1901M. */
const PHASE = {
  type: 'string',
  pattern: '^[SFW](0|[1-9][0-9]{0,5})[MRA]$',
  description: 'a phase name: season, year (no leading zero), type: "S1901M", "F0M", "W901A"',
};
const TIME = { type: ['string', 'null'], description: 'ISO 8601 time (UTC), or null' };

export const GAME_ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{6,64}$' };

export const idParams = {
  type: 'object',
  properties: { id: GAME_ID },
  required: ['id'],
  additionalProperties: false,
} as const;

const issue = {
  type: 'object',
  properties: {
    code: { type: 'string' },
    message: { type: 'string' },
    line: { type: 'integer' },
    column: { type: 'integer' },
    suggestions: {
      description: 'for an unknown province or power: the nearest names, best first ("did you mean")',
      type: 'array',
      items: { type: 'string' },
    },
  },
  required: ['code', 'message'],
  additionalProperties: false,
};

export const problem = {
  description: 'a problem (application/problem+json, RFC 9457) with a stable code',
  type: 'object',
  properties: {
    type: { type: 'string' },
    title: { type: 'string' },
    status: { type: 'integer' },
    code: { type: 'string' },
    detail: { type: 'string' },
    issues: { type: 'array', items: issue },
  },
  required: ['type', 'title', 'status', 'code', 'detail'],
  additionalProperties: false,
};

/** Response schemas: `ok` for the success code, a problem for every error. */
function responses(code: number, ok: object): Record<string, object> {
  return { [code]: ok, '4xx': problem, '5xx': problem };
}

const security = [{ bearer: [] }];

const deadlines = {
  description:
    'seconds each phase type may last; a phase is processed when its deadline passes. Default (on creation) 86400 for movement, 43200 for retreats and adjustments; null: no deadlines',
  type: ['object', 'null'],
  properties: {
    movement: { type: 'integer', minimum: 1, maximum: 31_536_000 },
    retreat: { type: 'integer', minimum: 1, maximum: 31_536_000 },
    adjustment: { type: 'integer', minimum: 1, maximum: 31_536_000 },
  },
  additionalProperties: false,
};

const press = {
  type: 'string',
  enum: ['full', 'public', 'none'],
  description:
    'press: "full" (default): messages to anyone; "public": messages to all only; "none": no messages (gunboat)',
};
const pressInRetreatsAndAdjustments = {
  type: 'boolean',
  description: 'whether messages may be sent during retreat and adjustment phases (default true)',
};

const settingsProperties = {
  processWhenReady: {
    type: 'boolean',
    description: 'process a phase as soon as every power with something to order is ready (default true)',
  },
  deadlines,
  press,
  pressInRetreatsAndAdjustments,
  civilDisorderBot: {
    type: 'boolean',
    description:
      "a power that gave no orders (in civil disorder) is played by dipkit's bot when its phase is processed, instead of holding (default false)",
  },
};

/** A token in the query string, for browsers' EventSource, which cannot send Authorization. */
const TOKEN_QUERY = {
  type: 'string',
  maxLength: 200,
  description: 'a power token, where Authorization cannot be sent (EventSource)',
};

const created = {
  type: 'object',
  properties: { id: GAME_ID, adminToken: { type: 'string' } },
  required: ['id', 'adminToken'],
  additionalProperties: false,
};

export const createGame = {
  summary: 'Create a game; the creator gets the admin token',
  tags: ['games'],
  body: {
    type: 'object',
    properties: {
      map: {
        type: 'string',
        enum: bundledMapIds(),
        description: 'a bundled map id (dipkit maps): standard (default), coldwar, ...',
      },
      rules: {
        type: 'string',
        minLength: 1,
        maxLength: 20,
        description: 'rule preset: datc (default), 2025, 2000, ...',
      },
      rule: {
        type: 'array',
        maxItems: 40,
        items: { type: 'string', minLength: 1, maxLength: 60 },
        description: 'DATC chapter 4 choices, "4.A.2=all-hold", as --rule on the command line',
      },
      victoryCenters: { type: 'integer', minimum: 1, maximum: 1000 },
      maxYear: {
        type: 'integer',
        minimum: 0,
        maximum: 99999,
        description:
          "last year played, then the game is drawn; not before the map's first year (default: twenty years, 1920 on the standard map)",
      },
      civilDisorder: {
        type: 'boolean',
        description:
          'start with the powers nobody joins in civil disorder: processing never waits for them (default false: they are awaited until the first deadline passes)',
      },
      ...settingsProperties,
      daide: {
        type: 'boolean',
        description:
          'DAIDE bots may play: the game listens on its own TCP port (daidePort); needs serve --daide',
      },
    },
    additionalProperties: false,
  },
  response: responses(201, created),
};

export const importGame = {
  summary: 'Import a game from dipkit or MILA/dipcc JSON; the importer gets the admin token',
  tags: ['games'],
  body: {
    type: 'object',
    properties: {
      game: { type: 'object', description: 'a dipkit game file or a MILA/dipcc game' },
      finished: {
        type: 'boolean',
        description:
          'import the record as a finished game (a draw, unless the file says how it ended): a game to watch, whose messages are all public',
      },
      ...settingsProperties,
    },
    required: ['game'],
    additionalProperties: false,
  },
  response: responses(201, created),
};

const gameSummary = {
  type: 'object',
  properties: {
    id: GAME_ID,
    map: { type: 'string' },
    phase: { type: 'string' },
    status: { type: 'string', enum: ['active', 'won', 'draw'] },
    deadline: TIME,
    openPowers: { type: 'array', items: { type: 'string' } },
    createdAt: { type: 'string', description: 'ISO 8601 time (UTC)' },
    winner: { type: 'string' },
    ...rulesSummarySchema,
  },
  required: ['id', 'map', 'phase', 'status', 'deadline', 'openPowers', 'createdAt'],
  additionalProperties: false,
};

export const listGames = {
  summary: 'List games, newest first, with their open powers, a page at a time',
  tags: ['games'],
  querystring: {
    type: 'object',
    properties: {
      status: { type: 'string', enum: ['active', 'won', 'draw'] },
      open: { type: 'string', enum: ['true', 'false'], description: 'true: only games with a power to join' },
      limit: {
        type: 'string',
        pattern: '^[0-9]{1,3}$',
        description: 'at most this many (default 100, at most 500)',
      },
      before: { ...GAME_ID, description: "the games after this one in the list: the last page's `next`" },
    },
    additionalProperties: false,
  },
  response: responses(200, {
    type: 'object',
    properties: {
      games: { type: 'array', items: gameSummary },
      next: { ...GAME_ID, description: 'more games follow: pass this as `before` for the next page' },
    },
    required: ['games'],
    additionalProperties: false,
  }),
};

const unit = {
  type: 'object',
  properties: {
    power: { type: 'string' },
    type: { type: 'string', enum: ['A', 'F'] },
    location: { type: 'string' },
  },
  required: ['power', 'type', 'location'],
  additionalProperties: false,
};

const position = {
  type: 'object',
  properties: {
    units: { type: 'array', items: unit },
    dislodged: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          ...unit.properties,
          attackerFrom: { type: 'string' },
          byConvoy: { type: 'boolean' },
        },
        required: ['power', 'type', 'location', 'attackerFrom'],
        additionalProperties: false,
      },
    },
    contested: { type: 'array', items: { type: 'string' } },
    supplyCenters: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['units', 'dislodged', 'contested', 'supplyCenters'],
  additionalProperties: false,
};

const historyPhase = {
  description: 'a processed phase as in the dipkit game file: position, orders, outcomes with reasons',
  type: 'object',
  properties: {
    phase: { type: 'string' },
    position,
    orders: { type: 'array', items: { type: 'object', additionalProperties: true } },
    outcomes: { type: 'array', items: { type: 'object', additionalProperties: true } },
  },
  required: ['phase', 'position', 'orders', 'outcomes'],
  additionalProperties: true,
};

export const gameView = {
  type: 'object',
  properties: {
    id: GAME_ID,
    map: { type: 'string' },
    phase: {
      type: 'string',
      description: 'the current phase, or the one that would follow once the game is over',
    },
    status: { type: 'string', enum: ['active', 'won', 'draw'] },
    winner: { type: 'string' },
    rules: {
      type: 'array',
      items: { type: 'string' },
      description: 'settings that differ from the DATC preferences',
    },
    preset: { type: 'string', description: 'the rule preset the game was created with ("datc")' },
    victoryCenters: { type: 'integer' },
    maxYear: { type: 'integer', description: 'the year limit: after its last phase the game is drawn' },
    processWhenReady: { type: 'boolean' },
    press,
    pressInRetreatsAndAdjustments,
    civilDisorder: {
      type: 'boolean',
      description: 'powers nobody joined are in civil disorder, never awaited',
    },
    paused: { type: 'boolean', description: 'paused by the admin: nothing is processed' },
    deadlines,
    deadline: TIME,
    daidePort: {
      type: 'integer',
      description: 'the TCP port DAIDE clients connect to (games created with daide)',
    },
    bots: { type: 'array', items: { type: 'string' }, description: "the powers dipkit's bot plays" },
    civilDisorderBot: { type: 'boolean', description: "powers in civil disorder are played by dipkit's bot" },
    position,
    centers: { type: 'object', additionalProperties: { type: 'integer' } },
    retreats: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          power: { type: 'string' },
          unit: { type: 'string' },
          retreats: { type: 'array', items: { type: 'string' } },
        },
        required: ['power', 'unit', 'retreats'],
        additionalProperties: false,
      },
    },
    adjustments: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          power: { type: 'string' },
          change: { type: 'integer', description: 'builds due (positive) or disbands due (negative)' },
          buildSites: { type: 'array', items: { type: 'string' } },
        },
        required: ['power', 'change', 'buildSites'],
        additionalProperties: false,
      },
    },
    powers: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          power: { type: 'string' },
          joined: { type: 'boolean' },
          ready: { type: 'boolean' },
          mustOrder: { type: 'boolean', description: 'the power has something to order in this phase' },
          bot: { type: 'boolean', description: "dipkit's bot plays the power" },
          playedBy: {
            type: 'string',
            enum: ['nobody', 'player', 'bot', 'daide'],
            description:
              "who has the seat: nobody yet, a player with a token (HTTP or the web), dipkit's bot (POST /api/games/{id}/bots), or a DAIDE client",
          },
          civilDisorder: {
            type: 'boolean',
            description: 'nobody joined it and processing does not wait for it',
          },
        },
        required: ['power', 'joined', 'ready', 'mustOrder'],
        additionalProperties: false,
      },
    },
    history: { type: 'array', items: historyPhase },
  },
  required: [
    'id',
    'map',
    'phase',
    'status',
    'rules',
    'victoryCenters',
    'processWhenReady',
    'press',
    'pressInRetreatsAndAdjustments',
    'deadlines',
    'deadline',
    'position',
    'centers',
    'powers',
  ],
  additionalProperties: false,
};

export const readGame = {
  summary: 'Read a game: phase, position, centres, deadline, who is ready, and the history',
  tags: ['games'],
  params: idParams,
  querystring: {
    type: 'object',
    properties: {
      history: { type: 'string', enum: ['true', 'false'], description: 'false: leave the history out' },
    },
    additionalProperties: false,
  },
  response: responses(200, gameView),
};

export const joinGame = {
  summary: 'Join a game as a power (or be given an open one); the token is shown once',
  tags: ['players'],
  params: idParams,
  body: {
    type: ['object', 'null'],
    properties: { power: POWER },
    additionalProperties: false,
  },
  response: responses(200, {
    type: 'object',
    properties: { power: { type: 'string' }, token: { type: 'string' } },
    required: ['power', 'token'],
    additionalProperties: false,
  }),
};

export const legalOrders = {
  summary:
    "The orders of the token's power that can succeed in the current phase (DATC 4.E.1 'possible now', whatever the game's 4.E.1 choice), by unit (MILA text)",
  tags: ['orders'],
  security,
  params: idParams,
  response: responses(200, {
    type: 'object',
    properties: {
      power: { type: 'string' },
      phase: { type: 'string' },
      orders: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    },
    required: ['power', 'phase', 'orders'],
    additionalProperties: false,
  }),
};

const ordersState = {
  type: 'object',
  properties: {
    power: { type: 'string' },
    phase: { type: 'string' },
    orders: { type: 'array', items: { type: 'string' } },
    ready: { type: 'boolean' },
  },
  required: ['power', 'phase', 'orders', 'ready'],
  additionalProperties: false,
};

export const readOrders = {
  summary: "The token's power's orders for the current phase",
  tags: ['orders'],
  security,
  params: idParams,
  response: responses(200, ordersState),
};

const unitRef = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['A', 'F'] },
    location: { type: 'string', minLength: 1, maxLength: 40 },
  },
  required: ['location'],
  additionalProperties: false,
};

const structuredOrder = {
  description: 'an order as the core library represents it (orders/types.ts)',
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['hold', 'move', 'support', 'convoy', 'disband', 'build', 'waive'] },
    unit: unitRef,
    to: { type: 'string', minLength: 1, maxLength: 40 },
    viaConvoy: { type: 'boolean' },
    supported: unitRef,
    army: unitRef,
  },
  required: ['kind'],
  additionalProperties: false,
};

export const submitOrders = {
  summary: "Submit or replace the token's power's orders for the current phase",
  description:
    'Orders as text in any notation the parser reads ("A PAR - BUR", "F North Sea - Picardy", "A PAR B", "WAIVE") or as structured orders. They replace the power\'s earlier orders for the phase; an empty list clears them. A rejected list changes nothing: the problem lists every bad order (line = its place in the list, from 1).',
  tags: ['orders'],
  security,
  params: idParams,
  body: {
    type: 'object',
    properties: {
      orders: {
        type: 'array',
        maxItems: 100,
        items: { oneOf: [{ type: 'string', maxLength: 200, pattern: '^[^\\r\\n]*$' }, structuredOrder] },
      },
      phase: { ...PHASE, description: 'refuse unless the current phase is this one (wrong-phase)' },
    },
    required: ['orders'],
    additionalProperties: false,
  },
  response: responses(200, ordersState),
};

export const markReady = {
  summary: "Mark the token's power ready (or not) for the current phase",
  tags: ['orders'],
  security,
  params: idParams,
  body: {
    type: 'object',
    properties: { ready: { type: 'boolean' }, phase: PHASE },
    required: ['ready'],
    additionalProperties: false,
  },
  response: responses(200, {
    type: 'object',
    properties: {
      power: { type: 'string' },
      phase: { type: 'string', description: 'the phase the power was marked ready for' },
      ready: { type: 'boolean' },
      processed: { type: 'boolean', description: 'this made every power ready and the phase was processed' },
      currentPhase: { type: 'string' },
    },
    required: ['power', 'phase', 'ready', 'processed', 'currentPhase'],
    additionalProperties: false,
  }),
};

export const processNow = {
  summary: 'Process the current phase now (admin token)',
  tags: ['games'],
  security,
  params: idParams,
  body: {
    type: ['object', 'null'],
    properties: { phase: PHASE },
    additionalProperties: false,
  },
  response: responses(200, {
    type: 'object',
    properties: { processed: { type: 'string' }, phase: { type: 'string' }, status: { type: 'string' } },
    required: ['processed', 'phase', 'status'],
    additionalProperties: false,
  }),
};

export const exportGame = {
  summary: 'Export the game (processed phases and the current position) as MILA/dipcc or dipkit JSON',
  tags: ['games'],
  params: idParams,
  querystring: {
    type: 'object',
    properties: { format: { type: 'string', enum: ['mila', 'dipkit'] }, token: TOKEN_QUERY },
    additionalProperties: false,
  },
  response: responses(200, { type: 'object', additionalProperties: true }),
};

export const mapSvg = {
  summary:
    'The map of a phase as SVG: a processed phase with its orders and outcomes, or the current position',
  tags: ['games'],
  params: idParams,
  querystring: {
    type: 'object',
    properties: {
      phase: { ...PHASE, description: 'the phase to draw (default: the current one, without orders)' },
    },
    additionalProperties: false,
  },
  produces: ['image/svg+xml'],
  response: {
    200: { description: 'an SVG document (image/svg+xml)', type: 'string' },
    '4xx': problem,
    '5xx': problem,
  },
};

export const gameEvents = {
  summary: 'Server-sent events of a game: joined, ready, phase (processed), gameover, message',
  description:
    'text/event-stream; each event has an id (its number in the game), an event name and JSON data. Send Last-Event-ID (or ?since=N) to receive the events after N first; without it the stream starts now. A private message event reaches only the streams of its sender and recipients: give the power token in Authorization or ?token=.',
  tags: ['games'],
  params: idParams,
  querystring: {
    type: 'object',
    properties: { since: { type: 'string', pattern: '^[0-9]{1,9}$' }, token: TOKEN_QUERY },
    additionalProperties: false,
  },
};

const message = {
  type: 'object',
  properties: {
    id: { type: 'integer', description: "the message's number in the game, in the order sent" },
    phase: { type: 'string', description: 'the phase it was sent in' },
    from: { type: 'string' },
    to: {
      description: '"ALL", a power, or a list of two or more powers',
      oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    },
    text: { type: 'string' },
    time: { type: 'string', description: 'ISO 8601 time (UTC) it was sent' },
  },
  required: ['id', 'phase', 'from', 'to', 'text', 'time'],
  additionalProperties: false,
};

export const sendMessage = {
  summary: "Send a message from the token's power to a power, several powers or all",
  description:
    "Refused with 403 press-not-allowed when the game's press settings forbid it (gunboat, public press only, press closed in retreats and adjustments), 422 bad-message for an empty text, one over 10,000 characters or with a control character (line feeds and tabs are fine), 429 rate-limited (with Retry-After) past 30 messages a minute per power. 201 only once the message is stored.",
  tags: ['press'],
  security,
  params: idParams,
  body: {
    type: 'object',
    properties: {
      to: {
        description: '"ALL", a power ("ENGLAND", any spelling the map knows) or a list of powers',
        oneOf: [
          { type: 'string', minLength: 1, maxLength: 40 },
          {
            type: 'array',
            minItems: 1,
            maxItems: 40,
            items: { type: 'string', minLength: 1, maxLength: 40 },
          },
        ],
      },
      text: { type: 'string', description: 'the message, 1 to 10,000 characters' },
    },
    required: ['to', 'text'],
    additionalProperties: false,
  },
  response: responses(201, message),
};

export const readMessages = {
  summary:
    'The messages the token may read: sent by its power, to it, or to all (no token: only those to all)',
  description:
    "Oldest first. The admin token reads only the messages to all. A finished imported game's record is public: every message of it.",
  tags: ['press'],
  security,
  params: idParams,
  querystring: {
    type: 'object',
    properties: {
      since: { type: 'string', pattern: '^[0-9]{1,9}$', description: 'only the messages after this id' },
      counterpart: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        description:
          'one conversation: the private messages between the token\'s power and this one ("ALL": the messages to all); without a power token, the messages this power wrote or was sent',
      },
      token: TOKEN_QUERY,
    },
    additionalProperties: false,
  },
  response: responses(200, {
    type: 'object',
    properties: { messages: { type: 'array', items: message } },
    required: ['messages'],
    additionalProperties: false,
  }),
};
