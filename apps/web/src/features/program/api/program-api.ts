import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IdResult, ProgramDetail, SaveProgramParam } from '@cc/contracts';
import { apiGet, apiPost, type SaveSessionParam } from '../../../lib/api-client';

/** The calls of programs (API.md §13, docs/api.md "Programs"), their query keys and hooks. */

export const PROGRAM_KEY = ['program'] as const;

/** The fields of `program/save` the form sends (the id or the create's `requestId` come from a `SaveSession`). */
export type ProgramFields = Omit<SaveProgramParam, 'id' | 'requestId'>;

/** `POST /api/program/save`: creates or edits a program (rankResult 1 only); reviewed on every save. */
export function saveProgram(param: SaveSessionParam<ProgramFields>): Promise<IdResult> {
  return apiPost<IdResult>('program/save', param);
}

/** `GET /api/program/detail { id }` (extension): the program and its episodes in order. */
export function getProgramDetail(id: number): Promise<ProgramDetail> {
  return apiGet<ProgramDetail>('program/detail', { id });
}

/** The query key of one program's detail. */
export const programDetailKey = (id: number) => [...PROGRAM_KEY, 'detail', id] as const;

/** `GET /api/program/detail { id }` (docs/api.md "Programs") as a query; idle without an id. */
export function useProgramDetail(id: number | undefined) {
  return useQuery({
    queryKey: programDetailKey(id ?? 0),
    queryFn: () => getProgramDetail(id!),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** `POST /api/program/save` (API.md §13) as a mutation; the program lists refetch after it. */
export function useSaveProgram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProgram,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['content'] });
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
      void queryClient.invalidateQueries({ queryKey: PROGRAM_KEY });
    },
  });
}
