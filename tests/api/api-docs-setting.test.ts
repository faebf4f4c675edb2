import { describe, expect, it } from 'vitest';
import { createTestApp, request } from '../helpers/app.ts';

/** The reference and the document as a guest, a customer and an admin see them under an API_DOCS setting. */
async function answers(setting: 'public' | 'admin' | 'off'): Promise<Record<string, number[]>> {
  const ctx = await createTestApp({ API_DOCS: setting });
  try {
    const loginAs = async (email: string, password: string) => {
      const response = await request(ctx, '/api/auth/login', {
        method: 'POST',
        body: JSON.stringify({ email, password }),
        headers: { 'content-type': 'application/json', origin: 'http://localhost' },
      });
      return response.headers.get('set-cookie')?.split(';')[0] ?? '';
    };
    const who = {
      guest: '',
      user: await loginAs('user@example.com', 'user-demo-2026'),
      admin: await loginAs('admin@example.com', 'admin-demo-2026'),
    };
    const result: Record<string, number[]> = {};
    for (const [role, cookie] of Object.entries(who))
      result[role] = await Promise.all(
        ['/api/docs', '/api/openapi.json'].map(
          async (path) => (await request(ctx, path, { headers: cookie ? { cookie } : {} })).status,
        ),
      );
    return result;
  } finally {
    await ctx.close();
  }
}

describe('API_DOCS: who reads the API reference', () => {
  it('public: everyone (the default outside production)', async () => {
    expect(await answers('public')).toEqual({ guest: [200, 200], user: [200, 200], admin: [200, 200] });
  });

  it('admin: admins only (the default in production), 401 for the others', async () => {
    expect(await answers('admin')).toEqual({ guest: [401, 401], user: [401, 401], admin: [200, 200] });
  });

  it('off: nobody, 404', async () => {
    expect(await answers('off')).toEqual({ guest: [404, 404], user: [404, 404], admin: [404, 404] });
  });
});
