import { describe, expect, it } from 'vitest';
import { request, useTestApp } from '../helpers/app.ts';

const ctx = useTestApp();

describe('OpenAPI document and reference page', () => {
  it('describes the routes from their own request schemas', async () => {
    const response = await request(ctx, '/api/openapi.json');
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toMatch(/^3\.1/);
    for (const [path, method] of [
      ['/api/getLocationsAndConcepts', 'get'],
      ['/api/restaurants/{idOrSlug}', 'get'],
      ['/api/restaurants', 'get'],
      ['/api/cities/{slug}', 'get'],
      ['/api/basket', 'get'],
      ['/api/basket/items', 'post'],
      ['/api/basket/items/{itemId}', 'patch'],
      ['/api/basket/remove/{itemId}', 'get'],
      ['/api/basket/clear', 'get'],
      ['/api/basket/delivery', 'put'],
      ['/api/basket/discount', 'post'],
      ['/api/basket/discount', 'delete'],
      ['/api/contact', 'post'],
      ['/api/auth/login', 'post'],
      ['/api/auth/logout', 'get'],
      ['/api/auth/getUser', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    // The add-to-basket body comes from the arktype schema the route validates with.
    const add = doc.paths['/api/basket/items'].post.requestBody.content['application/json'].schema;
    expect(add.required).toEqual(expect.arrayContaining(['menuItemId', 'quantity']));
    expect(add.properties.quantity).toMatchObject({ type: 'integer', minimum: 1, maximum: 99 });
    expect(add.properties).not.toHaveProperty('price');
    const delivery = doc.paths['/api/basket/delivery'].put.requestBody.content['application/json'].schema;
    expect(JSON.stringify(delivery.properties.deliveryMethod)).toContain('leave@door');
    expect(doc.paths['/api/basket/discount'].post.responses['400']).toBeDefined();
  });

  it('says how each operation is authorised and what it answers, on which server', async () => {
    const doc = await (await request(ctx, '/api/openapi.json')).json();
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const schemes = doc.components.securitySchemes;
    expect(schemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(schemes.basket).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'basket' });
    expect(schemes.orderToken).toMatchObject({ type: 'apiKey', in: 'query', name: 'token' });
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        const security = operation['security'] as Record<string, unknown>[] | undefined;
        expect(security, where).toBeInstanceOf(Array);
        for (const requirement of security!)
          for (const scheme of Object.keys(requirement)) expect(schemes, `${where}: ${scheme}`).toHaveProperty(scheme);
        const statuses = Object.keys(operation['responses'] as object);
        expect(
          statuses.some((status) => status.startsWith('2')),
          where,
        ).toBe(true);
        expect(
          statuses.some((status) => status.startsWith('4')),
          where,
        ).toBe(true);
      }
    }
    expect(doc.paths['/api/my-orders'].get.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/orders/{id}'].get.security).toEqual([{ orderToken: [] }, { session: [] }]);
    expect(doc.paths['/api/getLocationsAndConcepts'].get.security).toEqual([]);
  });

  it('describes the account routes, with the session cookie as their security', async () => {
    const doc = await (await request(ctx, '/api/openapi.json')).json();
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    for (const [path, method] of [
      ['/api/auth/register', 'post'],
      ['/api/auth/activate', 'post'],
      ['/api/auth/resendActivation', 'post'],
      ['/api/auth/forgotPassword', 'post'],
      ['/api/auth/resetPassword', 'post'],
      ['/api/auth/confirmEmail', 'post'],
      ['/api/account', 'get'],
      ['/api/account', 'patch'],
      ['/api/account', 'delete'],
      ['/api/account/password', 'post'],
      ['/api/account/email', 'post'],
      ['/api/account/addresses', 'get'],
      ['/api/account/addresses', 'post'],
      ['/api/account/addresses/{id}', 'put'],
      ['/api/account/addresses/{id}', 'delete'],
      ['/api/account/addresses/{id}/default', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      if (path.startsWith('/api/account')) {
        expect(doc.paths[path][method].security, `${method} ${path}`).toEqual([{ session: [] }]);
      }
    }
    const register = doc.paths['/api/auth/register'].post;
    expect(Object.keys(register.requestBody.content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['email', 'password', 'passwordRepeat', 'shopPolicies', 'restaurantPolicies']),
    );
    expect(register.responses['409'].description).toContain('notUniqueEmail');
  });

  it('serves a self-contained reference page built from the document', async () => {
    const response = await request(ctx, '/api/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('/api/basket/items');
    expect(html).toContain('POST');
    expect(html).toContain('/api/getLocationsAndConcepts');
    // Nothing from elsewhere: the CSP allows only our own origin, and the machine may be offline.
    expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)[a-z]/i);
  });
});
