import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  GradeAnalysis,
  GradeAnalysisPeriod,
  GradeRightsList,
  ListData,
  MyGrade,
  OpsTask,
  OpsTaskListParam,
  SaveTaskInput,
  TaskClaimResult,
  TaskList,
} from '@cc/contracts';
import { apiGet, apiPost } from '../../lib/api-client';

/** Tasks and grades (issue #14; docs/api.md "Tasks and grades"): the calls, their query keys and hooks. */

/** Query-key root of every growth call; a claim or a saved task invalidates (part of) it. */
export const GROWTH_KEY = ['growth'] as const;
const TASKS_KEY = [...GROWTH_KEY, 'tasks'] as const;
const GRADE_KEY = [...GROWTH_KEY, 'grade'] as const;
const OPS_KEY = [...GROWTH_KEY, 'ops'] as const;

/** `GET /api/task/list`: newcomer and periodic tasks with the author's progress (computed on every call). */
export function useTaskList() {
  return useQuery({ queryKey: TASKS_KEY, queryFn: () => apiGet<TaskList>('task/list') });
}

/**
 * `POST /api/task/claim { taskId }`: grants a done task's reward once for the period; the tasks, the grade (points
 * may raise it) and the shell's grade (programs, the menu) are read again afterwards, whatever the answer.
 */
export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number) => apiPost<TaskClaimResult>('task/claim', { taskId }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: GROWTH_KEY });
      await queryClient.invalidateQueries({ queryKey: ['user', 'grade'] });
    },
  });
}

/** `GET /api/grade/my`: grade, points, next level, rights now, history and the points trend. */
export function useMyGrade() {
  return useQuery({ queryKey: [...GRADE_KEY, 'my'], queryFn: () => apiGet<MyGrade>('grade/my') });
}

/** `GET /api/grade/analysis { period }`: points per component per day and suggestions. */
export function useGradeAnalysis(period: GradeAnalysisPeriod) {
  return useQuery({
    queryKey: [...GRADE_KEY, 'analysis', period],
    queryFn: () => apiGet<GradeAnalysis>('grade/analysis', { period }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/grade/rights`: each level's rights, where they are enforced, the point rules. */
export function useGradeRights() {
  return useQuery({
    queryKey: [...GRADE_KEY, 'rights'],
    queryFn: () => apiGet<GradeRightsList>('grade/rights'),
  });
}

/** `GET /api/ops/growth/task_list` (operators): every task definition with both languages. */
export function useOpsTasks(param: OpsTaskListParam) {
  return useQuery({
    queryKey: [...OPS_KEY, param],
    queryFn: () => apiGet<ListData<OpsTask>>('ops/growth/task_list', param),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/ops/growth/save_task` (operators): creates, edits or deactivates a task. */
export function useSaveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (param: SaveTaskInput) => apiPost<OpsTask>('ops/growth/save_task', param),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: GROWTH_KEY }),
  });
}
