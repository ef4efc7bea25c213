import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { ReactElement } from 'react';
import type { ApiData, ApiPath, ErrorEnvelope } from '@cc/contracts';
import { AppProviders } from '../app/providers';

/** A fresh QueryClient without retries, so failures show at once in tests. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * Renders route objects in a memory router inside the app's providers.
 *
 * antd's CSS-in-JS is kept out of jsdom (`StyleProvider mock="server"`, the test switch of @ant-design/cssinjs:
 * styles are computed but not injected). With them injected, jsdom's `getComputedStyle` matched every antd rule
 * for each element Testing Library checks for visibility and accessible names: half of the web suite's CPU
 * (profiled on comments-page.test.tsx, issue #16 CI time). jsdom never laid anything out, so no test could rely
 * on antd's stylesheets; what is hidden by antd's CSS is checked in Chromium by the browser tests.
 */
export function renderRoutes(routes: RouteObject[], path = '/', queryClient = testQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <StyleProvider mock="server">
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StyleProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one element at a path (with a catch-all so links resolve). */
export function renderAt(element: ReactElement, path = '/', queryClient = testQueryClient()) {
  return renderRoutes([{ path: '*', element }], path, queryClient);
}

/**
 * A mocked answer of `path`: its `data`, typed from the contract (`apiDataSchemas` in @cc/contracts, the
 * schemas the server checks its answers with), or a whole error envelope under `__envelope`. A contract
 * change breaks the fixtures at typecheck (issue #7).
 */
export type MockReply<P extends ApiPath> = ApiData<P> | { __envelope: ErrorEnvelope };
type Handler<P extends ApiPath> = (
  param: Record<string, unknown>,
  url: URL,
  init: RequestInit,
) => MockReply<P> | Promise<MockReply<P>>;
/** Path → handler; only paths of the contract table are allowed. */
export type MockHandlers = { [P in ApiPath]?: Handler<P> };

/**
 * Stubs fetch with a table of `/api/...` path → handler returning `data` (wrapped in a success
 * envelope) — or a full envelope when the handler returns an object with `__envelope`.
 */
export function mockApi(handlers: MockHandlers) {
  const calls: { path: string; param: Record<string, unknown> }[] = [];
  const fetchMock = async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    let param: Record<string, unknown> = {};
    const raw =
      init.method === 'POST'
        ? new URLSearchParams(String(init.body ?? '')).get('param')
        : url.searchParams.get('param');
    if (raw) param = JSON.parse(raw) as Record<string, unknown>;
    calls.push({ path: url.pathname, param });
    const handler = handlers[url.pathname as ApiPath];
    if (!handler) {
      if (url.pathname === '/api/config') {
        return json({
          status: 1,
          message: 'success',
          data: {
            imageHosts: [],
            siblingSites: [],
            feedbackUrl: '',
            copyright: '',
            productName: '',
          } satisfies ApiData<'/api/config'>,
        });
      }
      return json({ status: 10006, message: 'not found', data: null, ercd: 'NOT_FOUND' });
    }
    const out = await handler(param, url, init);
    if (out && typeof out === 'object' && '__envelope' in out) return json(out.__envelope);
    return json({ status: 1, message: 'success', data: out ?? null });
  };
  return { fetchMock, calls };
}

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}
