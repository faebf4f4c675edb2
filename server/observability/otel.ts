import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import type { RequestSpan, Tracing } from './tracing.ts';

/**
 * The OpenTelemetry SDK, loaded by startTracing (tracing.ts) only when OTEL_EXPORTER_OTLP_ENDPOINT is set. Spans
 * go out in batches over OTLP/HTTP (JSON); the exporter reads the endpoint and its headers from the OTEL_* settings.
 * A request's span is the parent of its services' and SQL statements' spans through the SDK's AsyncLocalStorage
 * context. SQL spans carry the statement's text, never its parameters (a customer's data travels there).
 */
export function createTracing(serviceName: string): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  provider.register();
  const tracer = provider.getTracer('marketplace');

  const settle = async <T>(span: Span, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error)?.message ?? String(error) });
      throw error;
    } finally {
      span.end();
    }
  };

  type Held = RequestSpan & { span: Span };
  return {
    startRequest(method, requestId) {
      const span = tracer.startSpan(`${method}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'request.id': requestId },
      });
      const held: Held = {
        span,
        end(route, status) {
          span.updateName(`${method} ${route}`);
          span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
      return held;
    },
    within: (held, work) => context.with(trace.setSpan(context.active(), (held as Held).span), work),
    span: (name, work) => tracer.startActiveSpan(name, (span) => settle(span, work)),
    query: (text, work) =>
      tracer.startActiveSpan(
        'sql',
        { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.query.text': text } },
        (span) => settle(span, work),
      ),
    shutdown: async () => {
      await provider.shutdown();
      // Unregistered, so that a later start (a test's) registers afresh.
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
