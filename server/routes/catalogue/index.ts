import { Hono, type Context } from 'hono';
import { type } from 'arktype';
import { describeRoute } from 'hono-openapi';
import type { AppEnv } from '#server/context.ts';
import { deliveryQuery } from '#domain/addresses.ts';
import { isValidZipCode } from '#domain/country.ts';
import { notFound, validationError } from '#server/errors.ts';
import { restaurantsDeliveringTo } from '#server/services/catalogue/find-delivering.ts';
import { getRestaurantPage, menuIn } from '#server/services/catalogue/menu.ts';
import {
  defaultRestaurantOf,
  getCity,
  getConcept,
  getLocation,
  getLocationsAndConcepts,
} from '#server/services/catalogue/overview.ts';
import type { ShopLanguage } from '#server/services/catalogue/restaurants.ts';
import { restaurantSeller } from '#server/services/invoices/find-seller.ts';
import { errorResponse, jsonResponse, otherHost, security } from '../openapi-common.ts';
import { validate } from '../validate.ts';
import { cachedJson, cachedJsonWithPart } from './cache.ts';
import { localeType } from '#domain/list-types.ts';

const slugParam = type({ slug: '/^[a-z0-9][a-z0-9-]{0,99}$/' });
const idOrSlugParam = type({ idOrSlug: '/^[a-z0-9][a-z0-9-]{0,99}$/' });
// Names in this interface language where the data has them (a Kyiv menu's Polish, "Kyiv" for "Київ" in English),
// else as written.
const langQuery = type({ 'lang?': localeType });

const cached = {
  200: jsonResponse('The answer; ETag and Cache-Control: public, max-age=60'),
  304: { description: 'Not modified (If-None-Match)' },
};
const tags = ['catalogue'];

/** Public, cacheable reads: locations, cities, concepts, restaurants and their menus. */
export const catalogueRoutes = new Hono<AppEnv>()
  .get(
    '/getLocationsAndConcepts',
    describeRoute({
      tags,
      security: security.public,
      summary: 'Every location, concept and city (footer, city and concept pages), named in `lang` where translated',
      responses: { ...cached, 400: errorResponse('validation'), 404: otherHost },
    }),
    validate('query', langQuery),
    async (c) => cachedJson(c, await getLocationsAndConcepts(c.var.deps, c.req.valid('query').lang)),
  )
  .get(
    '/cities/:slug',
    describeRoute({
      tags,
      security: security.public,
      summary: 'A city with its locations and restaurants (each with its state now), named in `lang` where translated',
      responses: { ...cached, 400: errorResponse('validation'), 404: errorResponse('notFound') },
    }),
    validate('param', slugParam),
    validate('query', langQuery),
    async (c) => {
      const city = await getCity(c.var.deps, { slug: c.req.valid('param').slug, language: c.req.valid('query').lang });
      if (!city) throw notFound();
      return cachedJson(c, city);
    },
  )
  .get(
    '/locations/:slug',
    describeRoute({
      tags,
      security: security.public,
      summary: 'A location (kitchen address) with its restaurants, named in `lang` where translated',
      responses: { ...cached, 400: errorResponse('validation'), 404: errorResponse('notFound') },
    }),
    validate('param', slugParam),
    validate('query', langQuery),
    async (c) => {
      const location = await getLocation(c.var.deps, {
        slug: c.req.valid('param').slug,
        language: c.req.valid('query').lang,
      });
      if (!location) throw notFound();
      return cachedJson(c, location);
    },
  )
  .get(
    '/concepts/:slug',
    describeRoute({
      tags,
      security: security.public,
      summary: 'A concept (brand) with its restaurants (named in `lang` where translated) and reviews',
      responses: { ...cached, 400: errorResponse('validation'), 404: errorResponse('notFound') },
    }),
    validate('param', slugParam),
    validate('query', langQuery),
    async (c) => {
      const concept = await getConcept(c.var.deps, {
        slug: c.req.valid('param').slug,
        language: c.req.valid('query').lang,
      });
      if (!concept) throw notFound();
      return cachedJson(c, concept);
    },
  )
  .get(
    '/restaurants',
    describeRoute({
      tags,
      security: security.public,
      summary: 'Restaurants delivering to an address (a point lat/lng and/or a zip), open ones first',
      responses: { ...cached, 400: errorResponse('validation') },
    }),
    validate('query', deliveryQuery),
    async (c) => {
      const query = c.req.valid('query');
      const hasPoint = query.lat !== undefined && query.lng !== undefined;
      if (!hasPoint && query.zip === undefined) {
        throw validationError({ zip: 'notEmpty' });
      }
      if ((query.lat === undefined) !== (query.lng === undefined)) {
        throw validationError({ [query.lat === undefined ? 'lat' : 'lng']: 'notEmpty' });
      }
      if (query.zip !== undefined && query.country && !isValidZipCode(query.country, query.zip)) {
        throw validationError({ zip: 'isValidZipCode' });
      }
      const list = await restaurantsDeliveringTo(c.var.deps, query);
      return cachedJson(c, { restaurants: list });
    },
  )
  .get(
    '/restaurants/:idOrSlug',
    describeRoute({
      tags,
      security: security.public,
      summary:
        'A restaurant with its menu (in `lang` where translated): categories, active items, modifier groups, each item’s and option’s allergens (`{ contains, mayContain }` of the 14 EU groups, null when not given); its state now',
      responses: { ...cached, 400: errorResponse('validation'), 404: errorResponse('notFound') },
    }),
    validate('param', idOrSlugParam),
    validate('query', langQuery),
    async (c) => restaurantAnswer(c, c.req.valid('param').idOrSlug, c.req.valid('query').lang),
  )
  .get(
    '/restaurants/:idOrSlug/seller',
    describeRoute({
      tags,
      security: security.public,
      summary: 'Who sells at a restaurant (its brand’s legal entity) and whether its orders can have a company invoice',
      responses: {
        200: jsonResponse('{ seller: { code, name, street, zip, city, taxId, register } | null, invoices }'),
        400: errorResponse('validation'),
        404: errorResponse('notFound'),
      },
    }),
    validate('param', idOrSlugParam),
    async (c) => {
      const answer = await restaurantSeller(c.var.deps, c.req.valid('param').idOrSlug);
      if (!answer) throw notFound();
      return c.json(answer, 200);
    },
  )
  .get(
    '/concepts/:slug/menu',
    describeRoute({
      tags,
      security: security.public,
      summary:
        "The brand's default restaurant with its menu, as /restaurants/{idOrSlug} answers it: what the brand site shows (the admin picks the restaurant)",
      responses: { ...cached, 400: errorResponse('validation'), 404: errorResponse('notFound') },
    }),
    validate('param', slugParam),
    validate('query', langQuery),
    async (c) => {
      const restaurant = await defaultRestaurantOf(c.var.deps, c.req.valid('param').slug);
      if (!restaurant) throw notFound();
      return restaurantAnswer(c, restaurant, c.req.valid('query').lang);
    },
  );

/** A restaurant's page as the shop and the brand sites read it: its head, and its menu in `lang` as a cached part. */
async function restaurantAnswer(c: Context<AppEnv>, idOrSlug: string, lang: ShopLanguage | undefined) {
  const page = await getRestaurantPage(c.var.deps, { idOrSlug, language: lang });
  if (!page) throw notFound();
  const menu = menuIn(page.menu, lang);
  return cachedJsonWithPart(c, page.head, 'categories', {
    json: menu.categoriesJson,
    digest: menu.categoriesTag,
    value: menu.categories,
  });
}
