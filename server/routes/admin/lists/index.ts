import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import {
  ADMIN_LIST_MAX_PAGE,
  ADMIN_LIST_PAGE_SIZE,
  ADMIN_LISTS,
  isListEntity,
  LIST_ENTITIES,
  parseListQuery,
  type ListEntity,
  type ListFilter,
  type ListQuery,
  type ListSpec,
} from '#domain/admin-lists.ts';
import { notFound, validationError } from '#server/errors.ts';
import { CSV_BOM } from '#domain/csv.ts';
import { figuresDay } from '#domain/dashboard.ts';
import { csvLines } from '#server/services/admin/lists/csv.ts';
import { adminLists } from '#server/services/admin/lists/list.ts';
import { errorResponse, jsonResponse, security } from '../../openapi-common.ts';
import { isLocale, LOCALES } from '#domain/locales.ts';

const tags = ['admin'];

const summaries: Record<ListEntity, string> = {
  concepts: 'Concepts (brands), with their number of restaurants',
  locations: 'Locations; soft-deleted ones with deleted=include or deleted=only',
  restaurants: 'Restaurants with their concept and location',
  orders: 'Orders, newest first by default; q finds an order by its display id or id',
  discountCodes: 'Discount codes with uses taken of their quantity',
  users: 'Accounts of every role; deleted ones with deleted=include or deleted=only',
  clients: 'Customers (accounts with role user) with their number of orders and the last one’s time',
  baskets: 'Baskets, collecting or created (ordered), with their lines and order',
  payments: 'Payments with their order, provider, method, status and amount',
  sales:
    'Sold orders per day (Warsaw) and currency with their sums in minor units, and the rejected, missed and canceled ones apart (#domain/dashboard.ts); filtered by restaurant or concept, each sum is that brand’s share of its orders (#domain/brand-split.ts)',
  outbox: 'E-mails sent or waiting in the outbox (without bodies)',
  botKeys: 'Bot keys: name, the key’s first characters, creator, created, last used, status (never the key)',
};

const schemaOf = (filter: ListFilter) => {
  switch (filter.kind) {
    case 'enum':
      return { type: 'string' as const, enum: [...filter.values] };
    case 'id':
      return { type: 'integer' as const, minimum: 1 };
    case 'bool':
      return { type: 'boolean' as const };
    case 'date':
      return { type: 'string' as const, format: 'date' };
    case 'text':
      return { type: 'string' as const, maxLength: 100 };
  }
};

/** The query parameters of a list in the OpenAPI document, from the same whitelist the server checks. */
function parametersOf(spec: ListSpec) {
  return [
    {
      name: 'page',
      in: 'query' as const,
      description: `1 by default; ${ADMIN_LIST_PAGE_SIZE} rows a page`,
      schema: { type: 'integer' as const, minimum: 1, maximum: ADMIN_LIST_MAX_PAGE },
    },
    {
      name: 'sort',
      in: 'query' as const,
      description: `A key, ascending; with a leading minus, descending. Default ${spec.defaultSort}`,
      schema: { type: 'string' as const, enum: spec.sorts.flatMap((key) => [key, `-${key}`]) },
    },
    ...Object.entries(spec.filters).map(([name, filter]) => ({
      name,
      in: 'query' as const,
      description:
        filter.kind === 'text' ? 'Contains this text (case-insensitive); empty: no filter' : 'Empty: no filter',
      schema: schemaOf(filter),
    })),
  ];
}

/** Reads page, sort and filters; anything not on the entity's whitelist answers 400 validation naming it. */
const listQuery = (entity: ListEntity) =>
  createMiddleware<AppEnv & { Variables: { listQuery: ListQuery } }>(async (c, next) => {
    const parsed = parseListQuery(entity, new URL(c.req.url).searchParams);
    if (!parsed.ok) throw validationError(parsed.errors);
    c.set('listQuery', parsed.query);
    await next();
  });

const describe = (entity: ListEntity) =>
  describeRoute({
    tags,
    security: security.session,
    summary: `Admin list: ${summaries[entity]}`,
    description:
      'Spec section 7: { rows, count } with count the number of rows the filters match over all pages; money in minor units with its currency. Admins only.',
    parameters: parametersOf(ADMIN_LISTS[entity]),
    responses: {
      200: jsonResponse('{ rows, count, page, pageSize }'),
      400: errorResponse('validation: an unknown filter or sort, or a malformed value (details: parameter → rule)'),
      401: errorResponse('Unauthorized: not logged in as an admin'),
    },
  });

type ListVariables = AppEnv['Variables'] & { listQuery: ListQuery };

/** One page of the entity's list for the parsed query, as the API answers it. */
async function answer<E extends ListEntity>(vars: ListVariables, entity: E) {
  const query = vars.listQuery;
  const { rows, count } = (await adminLists[entity]({ db: vars.deps.db }, query)) as Awaited<
    ReturnType<(typeof adminLists)[E]>
  >;
  return { rows, count, page: query.page, pageSize: ADMIN_LIST_PAGE_SIZE };
}

/** The languages a CSV's column names and words can be in (the admin's URL prefixes). */
const CSV_LANGS = LOCALES;
const isCsvLang = isLocale;

/** GET /api/admin/{entity} for every admin list (the /admin/* guard in routes/index.ts lets admins only in). */
export const adminListRoutes = new Hono<AppEnv & { Variables: { listQuery: ListQuery } }>()
  .get('/concepts', describe('concepts'), listQuery('concepts'), async (c) =>
    c.json(await answer(c.var, 'concepts'), 200),
  )
  .get('/locations', describe('locations'), listQuery('locations'), async (c) =>
    c.json(await answer(c.var, 'locations'), 200),
  )
  .get('/restaurants', describe('restaurants'), listQuery('restaurants'), async (c) =>
    c.json(await answer(c.var, 'restaurants'), 200),
  )
  .get('/orders', describe('orders'), listQuery('orders'), async (c) => c.json(await answer(c.var, 'orders'), 200))
  .get('/discountCodes', describe('discountCodes'), listQuery('discountCodes'), async (c) =>
    c.json(await answer(c.var, 'discountCodes'), 200),
  )
  .get('/users', describe('users'), listQuery('users'), async (c) => c.json(await answer(c.var, 'users'), 200))
  .get('/clients', describe('clients'), listQuery('clients'), async (c) => c.json(await answer(c.var, 'clients'), 200))
  .get('/baskets', describe('baskets'), listQuery('baskets'), async (c) => c.json(await answer(c.var, 'baskets'), 200))
  .get('/payments', describe('payments'), listQuery('payments'), async (c) =>
    c.json(await answer(c.var, 'payments'), 200),
  )
  .get('/sales', describe('sales'), listQuery('sales'), async (c) => c.json(await answer(c.var, 'sales'), 200))
  .get('/botKeys', describe('botKeys'), listQuery('botKeys'), async (c) => c.json(await answer(c.var, 'botKeys'), 200))
  .get('/outbox', describe('outbox'), listQuery('outbox'), async (c) => c.json(await answer(c.var, 'outbox'), 200))
  .get(
    '/csv/:entity',
    describeRoute({
      tags,
      security: security.session,
      summary: 'Admin list as CSV: every row the filters match, in the list’s sort, all pages',
      description:
        'The same filters and sort as GET /api/admin/{entity} (page is ignored), plus lang (pl, en or ua) for the ' +
        'column names and the words of codes. UTF-8 with a BOM, RFC 4180; amounts as decimals with their currency in ' +
        'a column of its own; times ISO 8601 with their offset. Admins only.',
      parameters: [
        { name: 'entity', in: 'path', required: true, schema: { type: 'string', enum: [...LIST_ENTITIES] } },
        { name: 'lang', in: 'query', schema: { type: 'string', enum: [...CSV_LANGS] } },
      ],
      responses: {
        200: { description: 'text/csv, as an attachment' },
        400: errorResponse('validation: an unknown filter or sort, or a malformed value (details: parameter → rule)'),
        401: errorResponse('Unauthorized: not logged in as an admin'),
        404: errorResponse('notFound: no such list'),
      },
    }),
    (c) => {
      const entity = c.req.param('entity');
      if (!isListEntity(entity)) throw notFound();
      const params = new URL(c.req.url).searchParams;
      const lang = params.get('lang') ?? 'pl';
      params.delete('lang');
      // Every page goes into the file: a link copied from page 3 exports the whole list all the same.
      params.delete('page');
      const parsed = parseListQuery(entity, params);
      const errors = { ...(parsed.ok ? {} : parsed.errors), ...(isCsvLang(lang) ? {} : { lang: 'invalid' as const }) };
      if (!parsed.ok || !isCsvLang(lang)) throw validationError(errors);
      const lines = csvLines({ db: c.var.deps.db }, entity, parsed.query, lang);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(CSV_BOM));
        },
        async pull(controller) {
          const next = await lines.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
        async cancel() {
          await lines.return(undefined);
        },
      });
      const day = figuresDay(c.var.deps.now());
      return c.body(body, 200, {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="${entity}-${day}.csv"`,
        // Customers' names, e-mails and phones: never kept by a cache on the way.
        'cache-control': 'private, no-store',
      });
    },
  );
