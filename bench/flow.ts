// The guest flow as a browser drives it, for bench/api.ts and bench/soak.ts: add a plain item, add an item with
// its required options, set delivery, place the order, read its status. Two kinds: cash on delivery at a Kyiv
// kitchen, and Blik at a Warsaw kitchen through the sandbox gateway (whose signed notification the server
// answers while the flow goes on, as it would in production).
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';
import { ORDER_RESTAURANT, RESTAURANT } from './fixtures.ts';

export type FlowKind = 'cashOnDelivery' | 'blik';

type Kitchen = {
  country: string;
  zip: string;
  plain: { id: number; quantity: number };
  withOptions: { id: number; optionIds: number[] };
};
export type FlowData = Record<FlowKind, Kitchen>;

/**
 * Per kitchen: a plain item (in a quantity that passes the minimum basket value) and an item with required
 * options (the first available choices, as many as each group's minimum). Both kitchens are opened around the
 * clock, so the figures do not depend on the hour.
 */
export async function prepareFlowData(sql: postgres.Sql): Promise<FlowData> {
  const kitchen = async (slug: string): Promise<Kitchen> => {
    const [r] = await sql<{ id: number; country: string; zip: string; min: number }[]>`
      select r.id, l.country, z.zips[1] as zip, z.min_basket_value as min
      from restaurants r join lateral (select * from delivery_zones z where z.restaurant_id = r.id
        order by z.position, z.id limit 1) z on true join locations l on l.id = r.location_id where r.slug = ${slug}`;
    if (!r) throw new Error(`no restaurant ${slug} in the demo data`);
    const [plain] = await sql<{ id: number; price: number }[]>`
      select i.id, i.price from menu_items i
      where i.restaurant_id = ${r.id} and i.active and not i.unavailable and not i.reset_prices and i.price > 0
        and not exists (select 1 from modifier_groups g where g.menu_item_id = i.id)
      order by i.id limit 1`;
    const [withOptions] = await sql<{ id: number; optionIds: number[] }[]>`
      select i.id, (
        select array_agg(o.id order by g.position, g.id, o.position, o.id)
        from modifier_groups g
        cross join lateral (select o.id, o.position from modifier_options o
          where o.group_id = g.id and not o.unavailable order by o.position, o.id limit greatest(g.min, 1)) o
        where g.menu_item_id = i.id and g.required) as "optionIds"
      from menu_items i
      where i.restaurant_id = ${r.id} and i.active and not i.unavailable
        and exists (select 1 from modifier_groups g where g.menu_item_id = i.id and g.required)
      order by i.id limit 1`;
    if (!plain || !withOptions?.optionIds) throw new Error(`${slug} lacks a plain item or one with required options`);
    await sql`update working_hours set "from" = '00:00', "to" = '24:00' where restaurant_id = ${r.id}`;
    return {
      country: r.country,
      zip: r.zip,
      plain: { id: plain.id, quantity: Math.min(99, Math.ceil(r.min / plain.price) + 1) },
      withOptions,
    };
  };
  return { cashOnDelivery: await kitchen(ORDER_RESTAURANT), blik: await kitchen(RESTAURANT) };
}

const customers: Record<FlowKind, Record<string, unknown>> = {
  cashOnDelivery: {
    firstname: 'Олена',
    lastname: 'Шевченко',
    phone: '0501234567',
    email: 'bench@example.com',
    street: 'Сагайдачного',
    streetNo: '5',
    city: 'Київ',
    consents: { orderWithObligation: true },
    paymentMethod: 'cashOnDelivery',
  },
  blik: {
    firstname: 'Jan',
    lastname: 'Kowalski',
    phone: '600 700 800',
    email: 'bench@example.com',
    street: 'Puławska',
    streetNo: '10',
    city: 'Warszawa',
    consents: { agree1: true, agree2: true, providerTerms: true, orderWithObligation: true },
    paymentMethod: 'blik',
    blikCode: '123456',
  },
};

// What a browser on the shop's own pages sends with its API calls.
const browserHeaders = { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' };

// Keep-alive connections, one per browser at most, as a browser keeps one open to the shop. node:http rather than
// fetch: the load generator shares the server's two cores, and fetch cost it ~0.3 ms of CPU per call (a third of
// what the server spends on one), CPU the server then lacked.
const agent = new Agent({ keepAlive: true });

type Answer = { status: number; setCookie: string[]; body: Record<string, unknown> };

function call(
  base: string,
  path: string,
  init: { method?: string; body?: string; cookie?: string; headers?: Record<string, string> },
) {
  const url = new URL(path, base);
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? 'GET',
        headers: {
          ...browserHeaders,
          ...(init.body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(init.body) } : {}),
          ...(init.cookie ? { cookie: init.cookie } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status >= 300)
            reject(new Error(`${init.method ?? 'GET'} ${path}: ${status} ${text.slice(0, 200)}`));
          else
            resolve({
              status,
              setCookie: res.headers['set-cookie'] ?? [],
              body: JSON.parse(text) as Record<string, unknown>,
            });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** What a guest holds as the flow goes on: the basket's cookie, then the order and its access token. */
type Guest = { cookie?: string; order?: { id: string; token: string } };
type Step = { name: string; run: (base: string, data: FlowData, kind: FlowKind, guest: Guest) => Promise<void> };

/** The guest flow's requests in the order a browser sends them. */
export const FLOW_STEPS: Step[] = [
  {
    name: 'add a plain item (a new basket)',
    run: async (base, data, kind, guest) => {
      const k = data[kind];
      const first = await call(base, '/api/basket/items', {
        method: 'POST',
        body: JSON.stringify({ menuItemId: k.plain.id, quantity: k.plain.quantity }),
      });
      const basketId = /basket=([0-9a-f-]{36})/.exec(first.setCookie.join('; '))?.[1];
      if (!basketId) throw new Error('the first add-to-basket set no basket cookie');
      guest.cookie = `basket=${basketId}`;
    },
  },
  {
    name: 'add an item with its options',
    run: async (base, data, kind, guest) => {
      const k = data[kind];
      await call(base, '/api/basket/items', {
        method: 'POST',
        ...(guest.cookie ? { cookie: guest.cookie } : {}),
        body: JSON.stringify({ menuItemId: k.withOptions.id, quantity: 1, optionIds: k.withOptions.optionIds }),
      });
    },
  },
  {
    name: 'set delivery',
    run: async (base, data, kind, guest) => {
      const k = data[kind];
      const customer = customers[kind];
      await call(base, '/api/basket/delivery', {
        method: 'PUT',
        ...(guest.cookie ? { cookie: guest.cookie } : {}),
        body: JSON.stringify({
          deliveryMethod: 'door2door',
          country: k.country,
          address: { street: customer['street'], streetNo: customer['streetNo'], city: customer['city'], zip: k.zip },
        }),
      });
    },
  },
  {
    name: 'place the order (Blik: and its payment notification)',
    run: async (base, data, kind, guest) => {
      const placed = await call(base, '/api/orders', {
        method: 'POST',
        ...(guest.cookie ? { cookie: guest.cookie } : {}),
        headers: { 'idempotency-key': `flow-${guest.cookie}` },
        body: JSON.stringify({ ...customers[kind], zip: data[kind].zip }),
      });
      guest.order = { id: (placed.body['order'] as { id: string }).id, token: placed.body['accessToken'] as string };
    },
  },
  {
    name: 'read its status',
    run: async (base, _data, _kind, guest) => {
      if (!guest.order) throw new Error('no order to read');
      await call(base, `/api/orders/${guest.order.id}?token=${encodeURIComponent(guest.order.token)}`, {
        ...(guest.cookie ? { cookie: guest.cookie } : {}),
      });
    },
  },
];

/** One guest flow, start to finish; throws on any answer a browser would show as an error. */
export async function runFlow(base: string, data: FlowData, kind: FlowKind): Promise<void> {
  const guest: Guest = {};
  for (const step of FLOW_STEPS) await step.run(base, data, kind, guest);
}

export type StepResult = {
  kind: FlowKind;
  step: string;
  requestsPerSecond: number;
  serverCpuUsPerRequest: number;
  postgresCpuUsPerRequest: number;
};

/**
 * Where a flow's CPU goes: `guests` guests of each kind take the flow one step at a time (every guest's first
 * step, then every guest's second …, `concurrency` at once), with the CPU the server and PostgreSQL used read around
 * each step. A Blik order's payment notification is answered within its step: the reading waits for it to settle.
 */
export async function measureFlowSteps(
  base: string,
  data: FlowData,
  options: {
    guests: number;
    concurrency: number;
    meter: () => Promise<() => Promise<{ serverMs: number; postgresMs: number }>>;
  },
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const kind of ['cashOnDelivery', 'blik'] as const) {
    const guests: Guest[] = Array.from({ length: options.guests }, () => ({}));
    for (const step of FLOW_STEPS) {
      const since = await options.meter();
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: options.concurrency }, async () => {
          while (next < guests.length) await step.run(base, data, kind, guests[next++]!);
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      // The sandbox's notification follows the order's answer; a moment lets it be answered before the reading.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const cpu = await since();
      const perRequest = (ms: number) => Math.round((ms * 1000) / guests.length);
      results.push({
        kind,
        step: step.name,
        requestsPerSecond: Math.round(guests.length / seconds),
        serverCpuUsPerRequest: perRequest(cpu.serverMs),
        postgresCpuUsPerRequest: perRequest(cpu.postgresMs),
      });
    }
  }
  return results;
}

export type FlowResult = {
  concurrency: number;
  seconds: number;
  flows: number;
  flowsPerSecond: number;
  errors: number;
  firstError: string | null;
  p50Ms: number;
  p99Ms: number;
  /** CPU ms the load generator (this process: its HTTP client and JSON) spent per flow. */
  clientCpuMsPerFlow: number;
  byKind: Record<FlowKind, { flows: number; p50Ms: number; p99Ms: number }>;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! * 10) / 10;

/** `concurrency` browsers each running flows back to back for `seconds`, alternating the two kinds. */
export async function measureFlows(
  base: string,
  data: FlowData,
  options: { concurrency: number; seconds: number },
): Promise<FlowResult> {
  const times: Record<FlowKind, number[]> = { cashOnDelivery: [], blik: [] };
  let errors = 0;
  let firstError: string | null = null;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const until = started + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, worker) => {
      for (let n = worker; performance.now() < until; n += 1) {
        const kind: FlowKind = n % 2 === 0 ? 'cashOnDelivery' : 'blik';
        const t0 = performance.now();
        try {
          await runFlow(base, data, kind);
          times[kind].push(performance.now() - t0);
        } catch (error) {
          errors += 1;
          firstError ??= (error as Error).message;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const all = [...times.cashOnDelivery, ...times.blik].sort((a, b) => a - b);
  const kindOf = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { flows: list.length, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
  };
  return {
    concurrency: options.concurrency,
    seconds: Math.round(seconds * 10) / 10,
    flows: all.length,
    flowsPerSecond: Math.round((all.length / seconds) * 10) / 10,
    errors,
    firstError,
    p50Ms: percentile(all, 0.5),
    p99Ms: percentile(all, 0.99),
    clientCpuMsPerFlow: Math.round(((cpu.user + cpu.system) / 1000 / Math.max(1, all.length)) * 100) / 100,
    byKind: { cashOnDelivery: kindOf(times.cashOnDelivery), blik: kindOf(times.blik) },
  };
}
