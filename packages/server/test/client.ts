/**
 * A game client for tests and the bench: plays a power with random legal orders, all through the HTTP API.
 */
import { call } from './helpers.js';

export interface Seat {
  power: string;
  token: string;
}

interface Adjustment {
  power: string;
  change: number;
}

/**
 * Random orders for `power` from its legal orders (`GET .../legal`): one per unit in movement and retreat phases;
 * in an adjustment phase as many builds (in different provinces) or disbands as are due.
 */
export function pickOrders(
  legal: Record<string, string[]>,
  phase: string,
  adjustment: Adjustment | undefined,
  random: () => number,
): string[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const units = Object.keys(legal).filter((u) => u !== 'WAIVE');
  if (!phase.endsWith('A')) return units.map((u) => pick(legal[u] ?? []));
  const change = adjustment?.change ?? 0;
  const shuffled = units.sort(() => random() - 0.5);
  const orders: string[] = [];
  const provinces = new Set<string>();
  for (const unit of shuffled) {
    if (orders.length >= Math.abs(change)) break;
    const province = unit.slice(2).split('/')[0] ?? '';
    if (provinces.has(province)) continue;
    const options = (legal[unit] ?? []).filter((o) => (change > 0 ? o.endsWith(' B') : o.endsWith(' D')));
    if (options.length === 0) continue;
    provinces.add(province);
    orders.push(pick(options));
  }
  return orders;
}

/** Plays the current phase for every seat: legal orders, random choices, submitted, then ready. */
export async function playPhase(
  base: string,
  id: string,
  seats: readonly Seat[],
  random: () => number,
): Promise<{ accepted: Map<string, string[]>; phase: string }> {
  const view = await call<{ phase: string; adjustments?: Adjustment[] }>(
    base,
    'GET',
    `/api/games/${id}?history=false`,
  );
  const phase = view.body.phase;
  const accepted = new Map<string, string[]>();
  for (const seat of seats) {
    const legal = await call<{ orders: Record<string, string[]> }>(
      base,
      'GET',
      `/api/games/${id}/legal`,
      undefined,
      seat.token,
    );
    if (legal.status !== 200) throw new Error(`legal: ${legal.status} ${JSON.stringify(legal.body)}`);
    const adjustment = view.body.adjustments?.find((a) => a.power === seat.power);
    const orders = pickOrders(legal.body.orders, phase, adjustment, random);
    const put = await call<{ orders: string[] }>(
      base,
      'PUT',
      `/api/games/${id}/orders`,
      { orders, phase },
      seat.token,
    );
    if (put.status !== 200)
      throw new Error(`orders ${seat.power} ${phase}: ${put.status} ${JSON.stringify(put.body)}`);
    accepted.set(seat.power, put.body.orders);
  }
  return { accepted, phase };
}

/** Joins every power of game `id`. */
export async function joinAll(base: string, id: string, powers: readonly string[]): Promise<Seat[]> {
  const seats: Seat[] = [];
  for (const power of powers) {
    const r = await call<Seat>(base, 'POST', `/api/games/${id}/join`, { power });
    if (r.status !== 200) throw new Error(`join ${power}: ${r.status} ${JSON.stringify(r.body)}`);
    seats.push(r.body);
  }
  return seats;
}

/** Marks every seat ready at once; resolves with the replies. */
export async function allReady(base: string, id: string, seats: readonly Seat[], phase: string) {
  return Promise.all(
    seats.map((s) =>
      call<{ processed: boolean; currentPhase: string }>(
        base,
        'POST',
        `/api/games/${id}/ready`,
        { ready: true, phase },
        s.token,
      ),
    ),
  );
}
