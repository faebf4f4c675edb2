import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, stopTracing } from '#server/observability/tracing.ts';
import { useTestApp } from '../helpers/app.ts';
import { makeBasket, placeOrder, uaCustomer, UA } from '../helpers/orders.ts';

type Attribute = { key: string; value: { stringValue?: string; intValue?: number | string } };
type ExportedSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; attributes: Attribute[] };
type Export = { resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[] };

/** A stand-in OTLP/HTTP receiver: keeps every trace export (JSON) posted to /v1/traces. */
const exports: Export[] = [];
let receiver: Server;
const saved = process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') exports.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Export);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  expect(await startTracing()).not.toBeNull();
});

afterAll(async () => {
  await stopTracing();
  if (saved === undefined) delete process.env['OTEL_EXPORTER_OTLP_ENDPOINT'];
  else process.env['OTEL_EXPORTER_OTLP_ENDPOINT'] = saved;
  await new Promise((resolve) => receiver.close(resolve));
});

const ctx = useTestApp();

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

describe('traces (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  it('sends a span per request, with the request id, and its service and SQL statements as child spans', async () => {
    ctx.setNow(new Date('2026-03-04T11:00:00Z'));
    const b = await makeBasket(ctx.database.db, { restaurant: UA });
    const response = await placeOrder(
      ctx,
      b.basketId,
      { ...uaCustomer, zip: b.zip, consents: { orderWithObligation: true }, paymentMethod: 'cashOnDelivery' },
      crypto.randomUUID(),
      { 'x-request-id': 'trace-me-0001' },
    );
    expect(response.status).toBe(201);
    // Shutting down sends what the batch still holds.
    await stopTracing();
    const spans = exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
    const request = spans.find((span) => attribute(span, 'request.id') === 'trace-me-0001');
    expect(request?.name).toBe('POST /api/orders');
    const ofRequest = spans.filter((span) => span.traceId === request!.traceId);
    const place = ofRequest.find((span) => span.name === 'orders.place');
    expect(place?.parentSpanId).toBe(request!.spanId);
    const statements = ofRequest.filter((span) => span.name === 'sql');
    // The hand-written transaction's statements (db/raw.ts) under the service's span, drizzle's too.
    expect(statements.filter((span) => span.parentSpanId === place!.spanId).length).toBeGreaterThan(2);
    expect(statements.map((span) => attribute(span, 'db.query.text'))).toEqual(
      expect.arrayContaining(['begin', expect.stringMatching(/insert into/i)]),
    );
    // Statements carry their text, never their values: the customer's phone is nowhere in the export.
    expect(JSON.stringify(exports)).not.toContain(uaCustomer.phone);
  });
});
