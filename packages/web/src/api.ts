/**
 * The server's HTTP API as the lobby and game page use it (packages/server), and the tokens kept in the browser
 * (localStorage) so a player returns to their game.
 */
import type { OrderOutcome, Position } from 'dipkit';
import type { GameSettings } from './game-settings.js';

/** A problem response (RFC 9457) as an error: its detail, and one line per bad order when there are some. */
export class ApiError extends Error {}

export async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const response = await fetch(path, init);
  const data = (await response.json().catch(() => ({}))) as T & {
    detail?: string;
    issues?: { line?: number; message: string }[];
  };
  if (!response.ok) {
    const lines = (data.issues ?? []).map(
      (i) => `\n${i.line !== undefined ? `line ${i.line}: ` : ''}${i.message}`,
    );
    throw new ApiError(`${data.detail ?? `HTTP ${response.status}`}${lines.join('')}`);
  }
  return data;
}

export interface GameSummary extends GameSettings {
  id: string;
  /** The map's id, as `dipkit maps` lists it. */
  map: string;
  phase: string;
  status: string;
  deadline: string | null;
  openPowers: string[];
  winner?: string;
}

export interface HistoryPhase {
  phase: string;
  position: Omit<Position, 'phase'>;
  outcomes: OrderOutcome[];
  /** Movement phases: the units dislodged, by whom, and where they may retreat. */
  dislodged?: { unit: string; power: string; by: string; retreats: string[] }[];
}

export interface GameView extends GameSettings {
  id: string;
  /** The map's id, as `dipkit maps` lists it. */
  map: string;
  phase: string;
  status: string;
  winner?: string;
  deadline: string | null;
  /** The TCP port DAIDE bots connect to (games created with "daide": true). */
  daidePort?: number;
  position: Omit<Position, 'phase'>;
  centers: Record<string, number>;
  powers: {
    power: string;
    joined: boolean;
    ready: boolean;
    mustOrder: boolean;
    civilDisorder?: boolean;
    /** Who has the seat: a bot's says so on the page instead of "ready". */
    playedBy?: 'nobody' | 'player' | 'bot' | 'daide';
  }[];
  /** In an adjustment phase: the builds (change > 0) or removals (change < 0) due, by power. */
  adjustments?: { power: string; change: number; buildSites: string[] }[];
  history?: HistoryPhase[];
  /** Press: "full", "public" (to all only) or "none" (gunboat). */
  press?: 'full' | 'public' | 'none';
  pressInRetreatsAndAdjustments?: boolean;
}

export interface Seat {
  power: string;
  token: string;
}

const seatKey = (id: string): string => `dipkit:seat:${id}`;

export function savedSeat(id: string): Seat | undefined {
  try {
    const s = JSON.parse(localStorage.getItem(seatKey(id)) ?? 'null') as Seat | null;
    return s && typeof s.token === 'string' ? s : undefined;
  } catch {
    return undefined;
  }
}

export function saveSeat(id: string, seat: Seat): void {
  localStorage.setItem(seatKey(id), JSON.stringify(seat));
}

/** Games this browser has a seat or the admin token in, newest last. */
export function savedGames(): string[] {
  const ids: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const m = /^dipkit:(?:seat|admin):(.+)$/.exec(localStorage.key(i) ?? '');
    if (m && !ids.includes(m[1]!)) ids.push(m[1]!);
  }
  return ids;
}

export function saveAdmin(id: string, token: string): void {
  localStorage.setItem(`dipkit:admin:${id}`, token);
}

export function savedAdmin(id: string): string | undefined {
  return localStorage.getItem(`dipkit:admin:${id}`) ?? undefined;
}

/** "2h 05m 09s" until `deadline`, or "no deadline". */
export function countdown(deadline: string | null, now = Date.now()): string {
  if (deadline === null) return 'no deadline';
  const left = Math.max(0, Math.round((Date.parse(deadline) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${h > 0 ? `${h}h ` : ''}${pad(m)}m ${pad(s)}s left`;
}
