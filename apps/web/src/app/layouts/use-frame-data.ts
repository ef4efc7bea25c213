import { useGroupMessages, bellUnread } from '../../features/messages';
import {
  storedDynamicShow,
  useDynamicAuth,
  usePublicConfig,
  useUserGrade,
  useUserInfo,
} from '../../features/shell';
import { FALLBACK_CONFIG } from '../../lib/api-client';

/** Everything the frame shows, composed from the shell and messages features. */
export function useFrameData() {
  const user = useUserInfo();
  const signedIn = user.isSuccess;
  const config = usePublicConfig();
  const groups = useGroupMessages();
  const grade = useUserGrade();
  const dynamicAuth = useDynamicAuth();
  return {
    user,
    config: config.data ?? FALLBACK_CONFIG,
    unreadCount: signedIn ? bellUnread(groups.data) : 0,
    rankResult: grade.data?.rankResult ?? 0,
    dynamicShow: dynamicAuth.data?.dynamicShow ?? storedDynamicShow(),
  };
}
