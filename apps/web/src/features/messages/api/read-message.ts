import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { MESSAGES_KEY } from './get-group-messages';

/** `GET /api/message/read_message { id }` (extension): marks one message read. */
export function readMessage(id: number): Promise<null> {
  return apiGet<null>('message/read_message', { id });
}

export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}
