import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface UserGrade {
  /** 1 shows the program area (spec §6; grade 3 and up) */
  rankResult: 0 | 1;
  grade: number;
}

/** `GET /api/program/get_user_grade` (API.md §6). */
export function getUserGrade(): Promise<UserGrade> {
  return apiGet<UserGrade>('program/get_user_grade');
}

export const userGradeQuery = queryOptions({
  queryKey: ['user', 'grade'],
  queryFn: getUserGrade,
  staleTime: 5 * 60_000,
});

export function useUserGrade() {
  return useQuery(userGradeQuery);
}
