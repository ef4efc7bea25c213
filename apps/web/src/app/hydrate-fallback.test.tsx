import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { routes } from './router';
import { mockApi, renderRoutes } from '../test/render';
import { resetPublicConfig } from '../lib/api-client';
import { shellHandlers } from '../test/fixtures';

// Issue #9 "First load": no React Router "No `HydrateFallback` element" warning while the first page's lazy
// chunk loads (the production bundle drops React Router's dev warnings, so this is checked here, in dev mode).
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  resetPublicConfig();
  vi.stubGlobal('fetch', vi.fn(mockApi({ ...shellHandlers() }).fetchMock));
});
afterEach(() => vi.unstubAllGlobals());

describe('the first render of a lazy page', () => {
  it('renders the page without a missing-HydrateFallback warning', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    renderRoutes(routes, '/noticeList');
    await screen.findByRole('heading', { name: /公告|Notices/ }, { timeout: 20_000 });
    const said = [...warn.mock.calls, ...error.mock.calls].map((args) => args.map(String).join(' '));
    expect(said.filter((line) => /HydrateFallback/i.test(line))).toEqual([]);
  });
});
