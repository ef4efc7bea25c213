/** The spec §8 promise helper's outcome. */
export interface PromiseResult<T> {
  status: number;
  message: unknown;
  data: T | Record<string, never>;
}

/**
 * Settles a promise into a result object instead of throwing (spec §8): failure → `{ status: 0,
 * message: <the error>, data: {} }`; success → `{ status: data.status ?? 1, message: data.message ??
 * '成功', data }`.
 */
export async function toResult<T>(promise: Promise<T>): Promise<PromiseResult<T>> {
  try {
    const data = await promise;
    const d = (data ?? {}) as { status?: number; message?: unknown };
    return { status: d.status ?? 1, message: d.message ?? '成功', data };
  } catch (error) {
    return { status: 0, message: error, data: {} };
  }
}
